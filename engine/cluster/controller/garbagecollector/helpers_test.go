package garbagecollector

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// harness is a control plane, a collector started as the controller
// manager starts it, and a client "alice" to make objects with.
type harness struct {
	t     *testing.T
	env   *env.Env
	gc    *GarbageCollector
	alice *client.Client
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	loop, r := sim.NewLoop(), sim.NewRand(11)
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}
	h := &harness{t: t, env: e, gc: New(), alice: e.Client("alice", "")}
	h.create(obj("v1", "Namespace", "", "demo", nil))
	factory := cache.NewFactory(e.Client("controller-manager", ""), 0)
	h.gc.Start(&controller.Context{Env: e, Informers: factory, Manager: "controller-manager",
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") }})
	factory.Start()
	loop.RunFor(time.Second)
	return h
}

// obj builds an object.
func obj(apiVersion, kind, namespace, name string, spec map[string]any) *object.Object {
	o := object.New(apiVersion, kind)
	o.Meta.Name, o.Meta.Namespace = name, namespace
	if spec != nil {
		o.Content["spec"] = spec
	}
	return o
}

func (h *harness) kind(apiVersion, kind string) *object.KindInfo {
	k, ok := h.env.Kinds.ByKind(apiVersion, kind)
	if !ok {
		h.t.Fatalf("no kind %s %s", apiVersion, kind)
	}
	return k
}

// create creates o as alice and returns it as stored.
func (h *harness) create(o *object.Object) *object.Object {
	h.t.Helper()
	got, err := h.alice.Create(h.kind(o.APIVersion, o.Kind), o, api.WriteOptions{})
	if err != nil {
		h.t.Fatalf("create %s %s: %v", o.Kind, o.Meta.Name, err)
	}
	return got
}

// get reads an object; nil when it is gone.
func (h *harness) get(apiVersion, kind, namespace, name string) *object.Object {
	h.t.Helper()
	o, err := h.alice.Get(h.kind(apiVersion, kind), namespace, name)
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return o
}

// replicaSet creates demo/NAME.
func (h *harness) replicaSet(name string) *object.Object {
	return h.create(obj("apps/v1", "ReplicaSet", "demo", name, map[string]any{
		"replicas": int64(2),
		"selector": map[string]any{"matchLabels": map[string]any{"app": name}},
		"template": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": name}},
			"spec":     map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}},
		},
	}))
}

// pod creates demo/NAME owned through refs.
func (h *harness) pod(name string, refs ...object.OwnerReference) *object.Object {
	o := obj("v1", "Pod", "demo", name, map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}})
	o.Meta.Labels = map[string]string{"app": "web"}
	o.Meta.OwnerReferences = refs
	return h.create(o)
}

// ownedBy is the reference a ReplicaSet controller puts on its Pods, with
// blockOwnerDeletion as given.
func ownedBy(owner *object.Object, block bool) object.OwnerReference {
	t := true
	return object.OwnerReference{APIVersion: owner.APIVersion, Kind: owner.Kind, Name: owner.Meta.Name, UID: owner.Meta.UID,
		Controller: &t, BlockOwnerDeletion: &block}
}

// remove deletes an object as alice with a propagation policy.
func (h *harness) remove(o *object.Object, policy api.DeletionPropagation) {
	h.t.Helper()
	if _, err := h.alice.Delete(h.kind(o.APIVersion, o.Kind), o.Meta.Namespace, o.Meta.Name, api.DeleteOptions{PropagationPolicy: policy}); err != nil {
		h.t.Fatal(err)
	}
}

// golden compares alice's deletes and the collector's events with a
// golden file, one event a line.
func (h *harness) golden(name string) {
	t := h.t
	t.Helper()
	var b bytes.Buffer
	q := h.env.Log.Query(trace.Or(trace.From(Name), trace.From("alice")), trace.Not(trace.Verbs(trace.Create)))
	for ev := range q.All() {
		fmt.Fprintf(&b, "%s %s %s %s %s/%s", ev.Time, ev.From, ev.Verb, ev.Resource, ev.Namespace, ev.Name)
		if ev.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", ev.Outcome.Code)
		}
		if ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", ev.Outcome.Reason)
		}
		if ev.Detail != "" {
			fmt.Fprintf(&b, " (%s)", ev.Detail)
		}
		b.WriteByte('\n')
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("trace differs from %s (go test -update rewrites it):\n%s", path, b.String())
	}
}
