package namespace

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

// harness is a control plane, the controller started as the controller
// manager starts it, and a client "alice".
type harness struct {
	t     *testing.T
	env   *env.Env
	nc    *Controller
	alice *client.Client
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	loop, r := sim.NewLoop(), sim.NewRand(5)
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}
	h := &harness{t: t, env: e, nc: New(), alice: e.Client("alice", "")}
	factory := cache.NewFactory(e.Client("controller-manager", ""), 0)
	h.nc.Start(&controller.Context{Env: e, Informers: factory, Manager: "controller-manager",
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") }})
	factory.Start()
	loop.RunFor(time.Second)
	return h
}

func (h *harness) kind(apiVersion, kind string) *object.KindInfo {
	k, ok := h.env.Kinds.ByKind(apiVersion, kind)
	if !ok {
		h.t.Fatalf("no kind %s %s", apiVersion, kind)
	}
	return k
}

// create creates o as alice.
func (h *harness) create(apiVersion, kind, namespace, name string, content map[string]any, tweak ...func(*object.Object)) *object.Object {
	h.t.Helper()
	o := object.New(apiVersion, kind)
	o.Meta.Name, o.Meta.Namespace = name, namespace
	for k, v := range content {
		o.Content[k] = v
	}
	for _, f := range tweak {
		f(o)
	}
	got, err := h.alice.Create(h.kind(apiVersion, kind), o, api.WriteOptions{})
	if err != nil {
		h.t.Fatalf("create %s %s: %v", kind, name, err)
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

// pod creates a Pod in demo, on node when it is not "".
func (h *harness) pod(name, node string) {
	spec := map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}
	if node != "" {
		spec["nodeName"] = node
	}
	h.create("v1", "Pod", "demo", name, map[string]any{"spec": spec})
}

// deleteNamespace deletes demo as alice.
func (h *harness) deleteNamespace() {
	h.t.Helper()
	if _, err := h.alice.Delete(h.kind("v1", "Namespace"), "", "demo", api.DeleteOptions{}); err != nil {
		h.t.Fatal(err)
	}
}

// golden compares alice's and the controller's calls and events with a
// golden file, one event a line.
func (h *harness) golden(name string) {
	t := h.t
	t.Helper()
	var b bytes.Buffer
	for ev := range h.env.Log.Query(trace.Or(trace.From(Name), trace.From("alice"))).All() {
		fmt.Fprintf(&b, "%s %s %s %s", ev.Time, ev.From, ev.Verb, ev.Resource)
		if ev.Subresource != "" {
			fmt.Fprintf(&b, "/%s", ev.Subresource)
		}
		if ev.Namespace != "" || ev.Name != "" {
			fmt.Fprintf(&b, " %s/%s", ev.Namespace, ev.Name)
		}
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
