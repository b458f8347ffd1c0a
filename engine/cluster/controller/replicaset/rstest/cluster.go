package rstest

import (
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
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Namespace is where the tests' objects live.
const Namespace = "demo"

// Manager is the trace actor of the controller manager's informers.
const Manager trace.Actor = "kube-controller-manager"

// Cluster is a control plane, a controller manager context and a user.
type Cluster struct {
	T     testing.TB
	Env   *env.Env
	Plane *apiserver.Plane
	Ctx   *controller.Context
	// User is "alice", who writes the desired objects.
	User *client.Client
	// Kubelet binds and runs Pods; nil until StartKubelet.
	Kubelet *FakeKubelet

	controllers []controller.Controller
}

// Option adjusts the control plane's configuration (an admission chain,
// more API servers).
type Option func(*apiserver.Config)

// New starts a control plane on a fresh loop with the given seed, creates
// the namespace, and builds a manager context whose informers read as
// kube-controller-manager and whose clients are named after their
// controller. Nothing runs until Start. Authentication and authorization
// allow everything.
func New(t testing.TB, seed int64, opts ...Option) *Cluster {
	t.Helper()
	loop, log, r := sim.NewLoop(), trace.NewLog(), sim.NewRand(seed)
	cfg := apiserver.Config{Loop: loop, Rand: r, Trace: log}
	for _, o := range opts {
		o(&cfg)
	}
	plane, err := apiserver.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: log, Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: env.Default()}
	c := &Cluster{T: t, Env: e, Plane: plane, User: e.Client("alice", "")}
	c.Ctx = &controller.Context{
		Env:       e,
		Informers: cache.NewFactory(e.Client(Manager, ""), 0),
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") },
		Manager:   Manager,
	}
	ns := object.New("v1", "Namespace")
	ns.Meta.Name = Namespace
	if _, err := c.User.Create(c.Kind("", "Namespace"), ns, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return c
}

// Kind returns a registered kind.
func (c *Cluster) Kind(group, kind string) *object.KindInfo { return c.Env.Kind(group, kind) }

// Start starts the controllers, then the manager's informers, as
// kube-controller-manager does.
func (c *Cluster) Start(ctrls ...controller.Controller) {
	for _, ctl := range ctrls {
		ctl.Start(c.Ctx)
		c.controllers = append(c.controllers, ctl)
	}
	c.Ctx.Informers.Start()
}

// Restart stops the running controllers and the manager's informers, as
// a killed process loses them, and starts ctrls with a fresh manager
// context: new informers that list everything again.
func (c *Cluster) Restart(ctrls ...controller.Controller) {
	for _, ctl := range c.controllers {
		ctl.Stop()
	}
	c.controllers = nil
	c.Ctx.Informers.Shutdown()
	ctx := *c.Ctx
	ctx.Informers = cache.NewFactory(c.Env.Client(Manager, ""), 0)
	c.Ctx = &ctx
	c.Start(ctrls...)
}

// Stop stops the controllers and the informers.
func (c *Cluster) Stop() {
	for _, ctl := range c.controllers {
		ctl.Stop()
	}
	c.Ctx.Informers.Shutdown()
	if c.Kubelet != nil {
		c.Kubelet.Stop()
	}
}

// RunFor lets virtual time pass.
func (c *Cluster) RunFor(d time.Duration) { c.Env.Loop.RunFor(d) }

// RunUntil runs until cond holds, failing the test after limit.
func (c *Cluster) RunUntil(what string, cond func() bool, limit time.Duration) {
	c.T.Helper()
	if !c.Env.Loop.RunUntil(cond, limit) {
		c.T.Fatalf("%s: not true after %v of virtual time", what, limit)
	}
}

// Apply creates obj as alice, decoded from YAML.
func (c *Cluster) Apply(yaml string) *object.Object {
	c.T.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil || len(docs) != 1 || docs[0].Err != nil {
		c.T.Fatalf("decode: %v %v", err, docs)
	}
	o := docs[0].Object
	k, ok := c.Env.Kinds.For(o)
	if !ok {
		c.T.Fatalf("unknown kind %s", o.Kind)
	}
	if o.Meta.Namespace == "" && k.Namespaced {
		o.Meta.Namespace = Namespace
	}
	out, err := c.User.Create(k, o, api.WriteOptions{})
	if err != nil {
		c.T.Fatalf("create %s %s: %v", o.Kind, o.Meta.Name, err)
	}
	return out
}

// Get reads an object from the store through alice's client.
func (c *Cluster) Get(k *object.KindInfo, name string) *object.Object {
	c.T.Helper()
	o, err := c.User.Get(k, Namespace, name)
	if err != nil {
		c.T.Fatalf("get %s %s: %v", k.Resource, name, err)
	}
	return o
}

// List lists the namespace's objects of a kind, without tracing: it reads
// the store directly, so that checks do not change the trace.
func (c *Cluster) List(k *object.KindInfo) []*object.Object {
	res, err := c.Plane.Store().RangePrefix("/registry/"+k.Resource+"/"+Namespace+"/", store.RangeOptions{})
	if err != nil {
		c.T.Fatal(err)
	}
	out := make([]*object.Object, len(res.KVs))
	for i, kv := range res.KVs {
		out[i] = kv.Value
	}
	return out
}
