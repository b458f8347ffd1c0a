package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controllermanager"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Env is the run's environment: loop, trace, generator, kinds, endpoint and
// timings.
func (c *Cluster) Env() *env.Env { return c.env }

// Trace is the run's trace log.
func (c *Cluster) Trace() *trace.Log { return c.env.Log }

// Store is the shared store ("etcd").
func (c *Cluster) Store() *store.Store[*object.Object] { return c.plane.Store() }

// Plane is the API servers and the endpoint in front of them.
func (c *Cluster) Plane() *apiserver.Plane { return c.plane }

// Authenticator is the API servers' authenticator.
func (c *Cluster) Authenticator() *auth.Authenticator { return c.authn }

// Network is the data plane: Pod IPs and each node's forwarding rules.
func (c *Cluster) Network() *network.Network { return c.net }

// Webhooks is the API server's path to admission webhooks.
func (c *Cluster) Webhooks() *WebhookGate { return c.webhooks }

// Admin is the cluster admin's client (kubernetes-admin, system:masters).
func (c *Cluster) Admin() *client.Client { return c.admin }

// Actor returns the startable actor called name ("controller-manager",
// "scheduler-2", "kubelet/worker-a", "proxy/worker-a"), or nil.
func (c *Cluster) Actor(name trace.Actor) env.Actor { return c.byName[name] }

// Actors are every startable actor, in start order.
func (c *Cluster) Actors() []env.Actor { return append([]env.Actor(nil), c.actors...) }

// ControllerManagers are the controller-manager replicas, in order.
func (c *Cluster) ControllerManagers() []*controllermanager.Manager {
	return append([]*controllermanager.Manager(nil), c.managers...)
}

// Schedulers are the scheduler replicas, in order.
func (c *Cluster) Schedulers() []*scheduler.Scheduler {
	return append([]*scheduler.Scheduler(nil), c.schedulers...)
}

// Nodes are the parts of each Node, in fixture order.
func (c *Cluster) Nodes() []*NodeParts { return append([]*NodeParts(nil), c.nodes...) }

// Node returns the parts of the Node called name, or nil.
func (c *Cluster) Node(name string) *NodeParts {
	for _, n := range c.nodes {
		if n.Name == name {
			return n
		}
	}
	return nil
}

// Client returns the kubectl-like client of a fixture user (or of one of
// the built-in users): its trace actor is the user's name and it presents
// the user's token. Clients are made once per user. It returns nil for an
// unknown user.
func (c *Cluster) Client(user string) *client.Client {
	if cl, ok := c.clients[user]; ok {
		return cl
	}
	token := ""
	switch user {
	case AdminUser, NoisyUser:
		token = "token-" + user
	default:
		for _, u := range c.cfg.Users {
			if u.Name == user {
				token = u.token()
			}
		}
		if token == "" {
			return nil
		}
	}
	cl := c.env.Client(trace.Actor(user), token)
	c.clients[user] = cl
	return cl
}

// Remember keeps what a fault needs to undo itself, under key.
func (c *Cluster) Remember(key string, v any) { c.notes[key] = v }

// Recall returns and forgets what Remember kept under key.
func (c *Cluster) Recall(key string) (any, bool) {
	v, ok := c.notes[key]
	delete(c.notes, key)
	return v, ok
}

// UserGroups returns the groups of the fixture user called name.
func (c *Cluster) UserGroups(name string) []string {
	for _, u := range c.cfg.Users {
		if u.Name == name {
			return append([]string(nil), u.Groups...)
		}
	}
	return nil
}
