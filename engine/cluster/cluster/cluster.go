package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controllermanager"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/scheduler"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/cluster/traffic"
)

// Built-in identities of the assembly.
const (
	// AdminUser is kubeadm's admin.conf user, in system:masters: it writes
	// the bootstrap and fixture objects.
	AdminUser = "kubernetes-admin"
	// NoisyUser is the identity of the `overload api` fault's client when
	// the fault names no fixture user; it is only in system:authenticated.
	NoisyUser = "noisy-client"
)

// Cluster is one assembled model cluster. It is driven from one goroutine.
type Cluster struct {
	cfg      Config
	env      *env.Env
	plane    *apiserver.Plane
	authn    *auth.Authenticator
	net      *network.Network
	images   *runtime.Catalogue
	registry *kubelet.Registry
	webhooks *WebhookGate
	admin    *client.Client

	// ext holds the opt-in extension actors (see extensions.go).
	ext extensions

	managers   []*controllermanager.Manager
	schedulers []*scheduler.Scheduler
	nodes      []*NodeParts
	// actors are every startable actor, in start order.
	actors []env.Actor
	byName map[trace.Actor]env.Actor
	// saTokens are the kube-system ServiceAccount tokens, by name.
	saTokens map[string]string
	clients  map[string]*client.Client
	notes    map[string]any
	started  bool
	traffic  *traffic.Client
}

// NodeParts are the actors of one Node.
type NodeParts struct {
	Name    string
	Kubelet *kubelet.Kubelet
	Runtime *runtime.Runtime
	Proxy   env.Actor
}

// New assembles a cluster from cfg and writes the bootstrap and fixture
// objects; no actor runs until Start.
func New(cfg Config) (*Cluster, error) {
	cfg = cfg.withDefaults()
	loop, rnd, log := sim.NewLoop(), sim.NewRand(cfg.Seed), cfg.Log
	if log == nil {
		log = trace.NewLog()
	}
	log.Reset()
	c := &Cluster{cfg: cfg, net: network.New(), registry: kubelet.NewRegistry(),
		byName: map[trace.Actor]env.Actor{}, saTokens: map[string]string{},
		clients: map[string]*client.Client{}, notes: map[string]any{}}
	c.webhooks = &WebhookGate{blocked: map[string]bool{}}
	users := []auth.User{
		{Name: AdminUser, Groups: []string{api.GroupMasters}},
		{Name: auth.UserKubeControllerManager},
		{Name: auth.UserKubeScheduler},
		{Name: NoisyUser},
	}
	for _, u := range cfg.Users {
		users = append(users, auth.User{Name: u.Name, Groups: u.Groups, Token: u.token()})
	}
	plane, authn, err := apiserver.NewStandard(apiserver.Config{
		Loop: loop, Rand: rnd, Trace: log, Replicas: cfg.APIServers, NodeProxy: c.registry,
		Aggregator: &c.ext.aggregator, AuditPolicy: cfg.AuditPolicy, UnreadChanges: cfg.UnreadBoot,
	}, apiserver.Standard{Users: users, Webhooks: c.webhooks})
	if err != nil {
		return nil, fmt.Errorf("cluster: control plane: %w", err)
	}
	c.plane, c.authn = plane, authn
	c.env = &env.Env{Loop: loop, Log: log, Rand: rnd, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: cfg.timings()}
	c.images = runtime.NewCatalogue(c.env.Timings)
	for name, im := range cfg.Images {
		c.images.Images[name] = im
	}
	c.admin = c.env.Client(AdminUser, "token-"+AdminUser)
	if err := c.bootstrap(); err != nil {
		return nil, fmt.Errorf("cluster: bootstrap: %w", err)
	}
	if err := c.buildEarlyExtensions(); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if err := c.createObjects(); err != nil {
		return nil, fmt.Errorf("cluster: fixture objects: %w", err)
	}
	if err := c.createTaintedNodes(); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	c.buildControlPlane()
	c.buildNodes()
	if err := c.buildExtensions(); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	return c, nil
}

// add registers an actor in start order.
func (c *Cluster) add(a env.Actor) {
	c.actors = append(c.actors, a)
	c.byName[a.Name()] = a
}

// WebhookGate is the API server's path to admission webhooks: it refuses
// calls to blocked webhooks (the `block webhook` fault) and passes the
// others to Next.
type WebhookGate struct {
	blocked map[string]bool
	// Next answers calls that are not blocked; nil answers each with `no
	// endpoints available for service`, as with no webhook actor.
	Next admission.Caller
}

// Call implements admission.Caller.
func (g *WebhookGate) Call(t admission.Target, r *admission.Review) (*admission.ReviewResponse, error) {
	if g.blocked[t.Webhook] {
		return nil, admission.ConnectionRefused(string(t.Actor()))
	}
	if g.Next == nil {
		return nil, admission.NoEndpoints(string(t.Actor()))
	}
	return g.Next.Call(t, r)
}

// Block makes calls to the webhook called name fail (true) or pass again.
func (g *WebhookGate) Block(name string, blocked bool) {
	if blocked {
		g.blocked[name] = true
	} else {
		delete(g.blocked, name)
	}
}
