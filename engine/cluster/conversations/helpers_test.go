package conversations_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// baseObjects are the shared fixture's objects: namespace demo, alice an
// admin of it, bob and the developers group editors.
const baseObjects = `
apiVersion: v1
kind: Namespace
metadata: {name: demo}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: developers-edit, namespace: demo}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: edit}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: Group, name: developers}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-admin, namespace: demo}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: admin}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}]
`

// fixture is the shared fixture with extra objects (YAML) after the base
// ones.
func fixture(t testing.TB, seed int64, extra string) cluster.Config {
	return cluster.Config{
		Seed: seed,
		Nodes: []cluster.Node{
			{Name: "worker-a", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}, Labels: map[string]string{"topology.kubernetes.io/zone": "a"}},
			{Name: "worker-b", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}, Labels: map[string]string{"topology.kubernetes.io/zone": "b"}},
		},
		Images: map[string]runtime.Image{
			"web:v1": {PullDuration: 2 * time.Second, StartDuration: time.Second, SizeBytes: runtime.DefaultImageSize,
				Logs: []string{"listening on :80", "GET / 200"}, CPUMillis: 100},
		},
		Users:   []cluster.User{{Name: "alice", Groups: []string{"developers"}}, {Name: "bob", Groups: []string{"developers"}}},
		Objects: decode(t, baseObjects+"---\n"+extra),
	}
}

// started builds and starts a cluster and lets it settle.
func started(t testing.TB, cfg cluster.Config) *cluster.Cluster {
	t.Helper()
	c, err := cluster.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	c.Start()
	if !c.Settle(5 * time.Minute) {
		t.Fatalf("cluster did not settle at start (%s)", c.Now())
	}
	return c
}

// decode reads YAML documents into objects.
func decode(t testing.TB, yaml string) []*object.Object {
	t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	var out []*object.Object
	for _, d := range docs {
		if d.Err != nil {
			t.Fatal(d.Err)
		}
		if d.Object != nil {
			out = append(out, d.Object)
		}
	}
	return out
}

// create creates each object of yaml as user and returns the first error.
func create(t testing.TB, c *cluster.Cluster, user, yaml string) error {
	t.Helper()
	cl := c.Client(user)
	for _, o := range decode(t, yaml) {
		k, ok := c.Env().Kinds.For(o)
		if !ok {
			t.Fatalf("unknown kind %s", o.Kind)
		}
		if _, err := cl.Create(k, o, api.WriteOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// apply creates each object of yaml as user, failing the test on error.
func apply(t testing.TB, c *cluster.Cluster, user, yaml string) {
	t.Helper()
	if err := create(t, c, user, yaml); err != nil {
		t.Fatalf("%s create: %v", user, err)
	}
}

// must applies or restores a fault.
func must(t *testing.T, c *cluster.Cluster, restore bool, s string) {
	t.Helper()
	f, err := fault.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if restore {
		err = fault.Restore(c, f)
	} else {
		err = fault.Apply(c, f)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// stored reads an object from the store, nil when missing.
func stored(c *cluster.Cluster, group, kind, ns, name string) *object.Object {
	return c.Object(group, kind, ns, name)
}

// story keeps the events a reader follows: API requests and their
// answers other than heartbeats and events, and the calls across the
// declared interfaces (PROXY, WEBHOOK, EXTERNAL, node-local calls).
func story(ev *trace.Event) bool {
	return cluster.Activity(ev) && ev.Resource != "events"
}

// from keeps the events of one actor, or to it.
func involving(actors ...trace.Actor) func(*trace.Event) bool {
	return func(ev *trace.Event) bool {
		for _, a := range actors {
			if ev.From == a || ev.To == a {
				return true
			}
		}
		return false
	}
}

// table renders the events from index from that keep selects, one line
// each: time, from → to, verb, resource, object, outcome.
func table(log *trace.Log, from int, keep func(*trace.Event) bool) string {
	return tableRange(log, from, log.Len(), keep)
}

// tableRange is table of the events from index from to index to.
func tableRange(log *trace.Log, from, to int, keep func(*trace.Event) bool) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		ev := log.At(i)
		if !keep(ev) {
			continue
		}
		res := ev.Resource
		if ev.Subresource != "" {
			res += "/" + ev.Subresource
		}
		obj := ev.Name
		if ev.Namespace != "" {
			obj = ev.Namespace + "/" + ev.Name
		}
		target := string(ev.To)
		if target == "" {
			target = "-"
		}
		fmt.Fprintf(&b, "%-9s %-20s %-27s %-19s %-18s %-24s", ev.Time, ev.From, target, ev.Verb, res, obj)
		if ev.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", ev.Outcome.Code)
		}
		if ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", ev.Outcome.Reason)
		}
		if ev.Outcome.Message != "" {
			fmt.Fprintf(&b, " %q", ev.Outcome.Message)
		}
		b.WriteString("\n")
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if !bytes.Equal(want, []byte(got)) {
		t.Errorf("%s differs from the golden file; got:\n%s", name, got)
	}
}
