package leaderelection

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// cluster is a control plane with candidates for one Lease.
type cluster struct {
	t     testing.TB
	env   *env.Env
	plane *apiserver.Plane
	cands []*candidate
}

// candidate is one Elector and what its callbacks saw.
type candidate struct {
	el                *Elector
	started, stopped  []sim.Time
	leaders           []string
	startedWhileValid bool
}

// leader returns the one candidate of a new cluster, after it has run
// for d: the Lease's holder.
func leader(tb testing.TB, d time.Duration) *candidate {
	tb.Helper()
	c := newCluster(tb, 1)
	a := c.add("controller-manager")
	a.el.Run()
	c.env.Loop.RunFor(d)
	return a
}

func newCluster(t testing.TB, seed int64) *cluster {
	t.Helper()
	loop, r := sim.NewLoop(), sim.NewRand(seed)
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}
	return &cluster{t: t, env: e, plane: p}
}

// add makes a candidate called actor for kube-system/kube-controller-manager.
func (c *cluster) add(actor string, tweak ...func(*Config)) *candidate {
	c.t.Helper()
	cand := &candidate{}
	cfg := Config{Name: "kube-controller-manager", Identity: NewIdentity(actor, c.env.Rand),
		Callbacks: Callbacks{
			OnStartedLeading: func() { cand.started = append(cand.started, c.env.Loop.Now()) },
			OnStoppedLeading: func() { cand.stopped = append(cand.stopped, c.env.Loop.Now()) },
			OnNewLeader:      func(id string) { cand.leaders = append(cand.leaders, id) },
		}}
	for _, f := range tweak {
		f(&cfg)
	}
	el, err := New(c.env, c.env.Client(trace.Actor(actor), ""), cfg)
	if err != nil {
		c.t.Fatal(err)
	}
	cand.el = el
	c.cands = append(c.cands, cand)
	return cand
}

// lease reads the Lease from the store.
func (c *cluster) lease() Record {
	c.t.Helper()
	cl := c.env.Client("test", "")
	o, err := cl.Get(c.env.Kind("coordination.k8s.io", "Lease"), "kube-system", "kube-controller-manager")
	if err != nil {
		c.t.Fatal(err)
	}
	return recordOf(o)
}

// calls returns the Lease calls of actor (verb and time) in the trace.
func (c *cluster) calls(actor string, verbs ...trace.Verb) []*trace.Event {
	return c.env.Log.Query(trace.From(actor), trace.Resource("leases"), trace.Verbs(verbs...)).Events()
}

// at is a virtual instant in seconds.
func at(s float64) sim.Time { return sim.Time(time.Duration(s * float64(time.Second))) }

// golden compares the Lease calls and ELECT events of the trace with a
// golden file, one event a line.
func golden(t *testing.T, log *trace.Log, name string) {
	t.Helper()
	var b bytes.Buffer
	for ev := range log.Query(trace.Resource("leases"), trace.Not(trace.From("apiserver*")), trace.Not(trace.From("test"))).All() {
		fmt.Fprintf(&b, "%s %s %s %s/%s", ev.Time, ev.From, ev.Verb, ev.Namespace, ev.Name)
		if ev.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", ev.Outcome.Code)
		}
		if ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", ev.Outcome.Reason)
		}
		if ev.Verb == trace.Elect {
			fmt.Fprintf(&b, " %q", ev.Outcome.Message)
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

// microTime is how a Lease stores t.
func microTime(t sim.Time) time.Time {
	tt, _ := object.ParseTime(object.FormatMicroTime(t.Wall()))
	return tt
}
