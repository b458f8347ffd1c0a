package controllermanager

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// probe is a trivial controller: it counts the Namespaces its informer
// delivers and remembers when it was started and stopped, and by whom.
type probe struct {
	log      *[]string
	loop     *sim.Loop
	manager  trace.Actor
	reg      *cache.Registration
	inf      *cache.SharedInformer
	added    int
	stopped  bool
	clientOK bool
}

func (p *probe) Name() string { return "probe-controller" }

func (p *probe) Start(ctx *controller.Context) {
	p.loop, p.manager = ctx.Env.Loop, ctx.Manager
	*p.log = append(*p.log, fmt.Sprintf("%s start by %s", p.loop.Now(), p.manager))
	p.inf = ctx.Informers.Informer(ctx.Env.Kind("", "Namespace"))
	p.reg, _ = p.inf.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(*object.Object) { p.added++ }})
	c := ctx.ClientFor(p.Name())
	p.clientOK = c.Actor == "probe-controller" && c == ctx.ClientFor(p.Name())
}

func (p *probe) Stop() {
	p.stopped = true
	*p.log = append(*p.log, fmt.Sprintf("%s stop by %s", p.loop.Now(), p.manager))
}

// cluster is a control plane with controller-manager replicas running
// probes.
type cluster struct {
	t      *testing.T
	env    *env.Env
	plane  *apiserver.Plane
	log    []string // probe starts and stops
	probes []*probe
	mgrs   []*Manager
}

func newCluster(t *testing.T, seed int64, replicas int) *cluster {
	t.Helper()
	loop, r := sim.NewLoop(), sim.NewRand(seed)
	p, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r})
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, plane: p,
		env: &env.Env{Loop: loop, Log: p.Trace(), Rand: r, Kinds: p.Registry(), Endpoint: p.Endpoint(), Timings: env.Default()}}
	build := func() controller.Controller {
		pr := &probe{log: &c.log}
		c.probes = append(c.probes, pr)
		return pr
	}
	for i := range replicas {
		c.mgrs = append(c.mgrs, New(c.env, Config{Name: ReplicaName(i), Controllers: []func() controller.Controller{build}}))
	}
	return c
}

func (c *cluster) lease() *object.Object {
	c.t.Helper()
	o, err := c.env.Client("test", "").Get(c.env.Kind("coordination.k8s.io", "Lease"), "kube-system", LeaseName)
	if err != nil {
		c.t.Fatal(err)
	}
	return o
}

// events returns the trace events from actor with one of the verbs.
func (c *cluster) events(actor string, verbs ...trace.Verb) []*trace.Event {
	return c.env.Log.Query(trace.From(actor), trace.Verbs(verbs...)).Events()
}

func at(s float64) sim.Time { return sim.Time(time.Duration(s * float64(time.Second))) }

// golden compares the replicas' own calls and ELECT events with a golden
// file, one event a line.
func golden(t *testing.T, log *trace.Log, name string) {
	t.Helper()
	var b bytes.Buffer
	for ev := range log.Query(trace.From("controller-manager*")).All() {
		fmt.Fprintf(&b, "%s %s %s %s", ev.Time, ev.From, ev.Verb, ev.Resource)
		if ev.Namespace != "" || ev.Name != "" {
			fmt.Fprintf(&b, " %s/%s", ev.Namespace, ev.Name)
		}
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
