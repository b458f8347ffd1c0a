package cluster_test

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
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// twoWorkers is the lesson format's two-workers fixture with namespace
// demo and user alice (a developer with edit rights in demo).
func twoWorkers(seed int64) cluster.Config {
	return cluster.Config{
		Seed: seed,
		Nodes: []cluster.Node{
			{Name: "worker-a", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}, Labels: map[string]string{"topology.kubernetes.io/zone": "a"}},
			{Name: "worker-b", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"}, Labels: map[string]string{"topology.kubernetes.io/zone": "b"}},
		},
		Images: map[string]runtime.Image{
			"crasher:v1": {PullDuration: 2 * time.Second, StartDuration: time.Second, Exits: true, ExitCode: 1},
		},
		Users:   []cluster.User{{Name: "alice", Groups: []string{"developers"}}, {Name: "bob", Groups: []string{"developers"}}},
		Objects: decode(nil, demoObjects),
	}
}

const demoObjects = `
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

// decode reads YAML documents into objects; t may be nil (panics then).
func decode(t testing.TB, yaml string) []*object.Object {
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		if t == nil {
			panic(err)
		}
		t.Fatal(err)
	}
	var out []*object.Object
	for _, d := range docs {
		if d.Err != nil {
			panic(d.Err)
		}
		out = append(out, d.Object)
	}
	return out
}

// deploymentYAML is Deployment demo/web of replicas Pods of image.
func deploymentYAML(replicas int, image string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec:
  replicas: %d
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: "%s"
        ports: [{containerPort: 80}]
        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 1}
`, replicas, image)
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

// apply creates each object of yaml as user, failing the test on error.
func apply(t testing.TB, c *cluster.Cluster, user, yaml string) {
	t.Helper()
	cl := c.Client(user)
	for _, o := range decode(t, yaml) {
		k, _ := c.Env().Kinds.For(o)
		if _, err := cl.Create(k, o, api.WriteOptions{}); err != nil {
			t.Fatalf("%s create %s: %v", user, o.Meta.Name, err)
		}
	}
}

// get reads an object as the admin, nil when missing.
func get(c *cluster.Cluster, group, kind, ns, name string) *object.Object {
	o, err := c.Admin().Get(c.Env().Kind(group, kind), ns, name)
	if err != nil {
		return nil
	}
	return o
}

// list lists objects as the admin with a label selector.
func list(t testing.TB, c *cluster.Cluster, group, kind, ns, selector string) []*object.Object {
	t.Helper()
	l, err := c.Admin().List(c.Env().Kind(group, kind), ns, api.ListOptions{LabelSelector: selector})
	if err != nil {
		t.Fatal(err)
	}
	return l.Items
}

// readyReplicas is a Deployment's .status.readyReplicas.
func readyReplicas(c *cluster.Cluster, ns, name string) int64 {
	o := c.Object("apps", "Deployment", ns, name)
	if o == nil {
		return -1
	}
	v, _, _ := o.Get(".status.readyReplicas")
	n, _ := v.(int64)
	return n
}

// table renders the events from index from that keep selects, one line
// each: time, from → to, verb, resource, object, outcome.
func table(log *trace.Log, from int, keep func(*trace.Event) bool) string {
	var b strings.Builder
	for i := from; i < log.Len(); i++ {
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
		to := string(ev.To)
		if to == "" {
			to = "-"
		}
		fmt.Fprintf(&b, "%-11s %-28s %-24s %-18s %-22s %-42s", ev.Time, ev.From, to, ev.Verb, res, obj)
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
	return strings.ReplaceAll(b.String(), " \n", "\n")
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
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
