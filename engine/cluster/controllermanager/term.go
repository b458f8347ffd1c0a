package controllermanager

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// term is one leadership term: the informers and controllers the leader
// runs (CreateControllerContext, BuildControllers and RunControllers).
type term struct {
	factory     *cache.Factory
	informers   *client.Client
	clients     map[string]*client.Client
	order       []*client.Client
	controllers []controller.Controller
}

// startTerm is OnStartedLeading: build the context and the controllers,
// start each, then start the informers they asked for.
func (m *Manager) startTerm(p *process) {
	resync := time.Duration(float64(MinResyncPeriod) * (m.env.Rand.Float64() + 1))
	t := &term{informers: m.env.Client(m.cfg.Name, m.cfg.Token), clients: map[string]*client.Client{}}
	t.factory = cache.NewFactory(t.informers, resync)
	p.term = t
	ctx := &controller.Context{Env: m.env, Informers: t.factory, ClientFor: func(name string) *client.Client {
		return m.clientFor(t, name)
	}, Manager: m.cfg.Name}
	for _, build := range m.cfg.Controllers {
		c := build()
		t.controllers = append(t.controllers, c)
		c.Start(ctx)
	}
	t.factory.Start()
}

// clientFor returns the client of a controller's ServiceAccount, one per
// controller and term.
func (m *Manager) clientFor(t *term, name string) *client.Client {
	if c, ok := t.clients[name]; ok {
		return c
	}
	token := m.cfg.Token
	if m.cfg.ServiceAccountToken != nil {
		token = m.cfg.ServiceAccountToken(name)
	}
	c := m.env.Client(trace.Actor(name), token)
	t.clients[name] = c
	t.order = append(t.order, c)
	return c
}

// stopTerm stops the controllers (last started first), the informers and
// every retry their clients had scheduled.
func (m *Manager) stopTerm(p *process) {
	t := p.term
	if t == nil {
		return
	}
	p.term = nil
	for _, c := range slices.Backward(t.controllers) {
		c.Stop()
	}
	t.factory.Shutdown()
	t.informers.Stop()
	for _, c := range t.order {
		c.Stop()
	}
}
