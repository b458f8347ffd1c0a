package serviceaccount

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

// golden compares the controllers' events after mark with a golden file,
// one event a line.
func (h *harness) golden(name string, mark int) {
	t := h.t
	t.Helper()
	var b bytes.Buffer
	q := h.env.Log.Query(trace.Or(trace.From(ServiceAccountsName), trace.From(RootCAPublisherName), trace.From("alice"))).After(mark - 1)
	for ev := range q.All() {
		fmt.Fprintf(&b, "%s %s %s %s %s", ev.Time, ev.From, ev.Verb, ev.Resource, ev.Name)
		if ev.Namespace != "" {
			fmt.Fprintf(&b, " in %s", ev.Namespace)
		}
		if ev.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", ev.Outcome.Code)
		}
		if ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", ev.Outcome.Reason)
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

// harness is a control plane with both controllers started as the
// controller manager starts them, and a client "alice".
type harness struct {
	t     *testing.T
	env   *env.Env
	sa    *ServiceAccounts
	ca    *RootCAPublisher
	alice *client.Client
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	loop, r := sim.NewLoop(), sim.NewRand(3)
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}
	h := &harness{t: t, env: e, sa: NewServiceAccounts(), ca: NewRootCAPublisher(""), alice: e.Client("alice", "")}
	factory := cache.NewFactory(e.Client("controller-manager", ""), 0)
	ctx := &controller.Context{Env: e, Informers: factory, Manager: "controller-manager",
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") }}
	h.sa.Start(ctx)
	h.ca.Start(ctx)
	factory.Start()
	loop.RunFor(time.Second)
	return h
}

func (h *harness) kind(kind string) *object.KindInfo { return h.env.Kind("", kind) }

// get reads a core object; nil when it is gone.
func (h *harness) get(kind, namespace, name string) *object.Object {
	h.t.Helper()
	o, err := h.alice.Get(h.kind(kind), namespace, name)
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return o
}

// namespace creates a namespace as alice.
func (h *harness) namespace(name string, finalizers ...string) *object.Object {
	h.t.Helper()
	o := object.New("v1", "Namespace")
	o.Meta.Name, o.Meta.Finalizers = name, finalizers
	got, err := h.alice.Create(h.kind("Namespace"), o, api.WriteOptions{})
	if err != nil {
		h.t.Fatal(err)
	}
	return got
}
