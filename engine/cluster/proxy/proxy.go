package proxy

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ServiceAccount is the user kubeadm runs kube-proxy as: ServiceAccount
// kube-system/kube-proxy, which the ClusterRoleBinding kubeadm:node-proxier
// binds to system:node-proxier (cmd/kubeadm/app/phases/addons/proxy).
const ServiceAccount = "system:serviceaccount:kube-system:kube-proxy"

// FullSyncPeriod is the longest kube-proxy goes without rewriting its
// rules when nothing changes (pkg/proxy/util/utils.go, FullSyncPeriod).
const FullSyncPeriod = time.Hour

// syncedPollPeriod is how often WaitForCacheSync checks the informers
// (k8s.io/client-go/tools/cache/shared_informer.go, syncedPollPeriod).
const syncedPollPeriod = 100 * time.Millisecond

// Label selectors of kube-proxy's informers (cmd/kube-proxy/app/server.go):
// Services another proxy implementation claims and the EndpointSlices of
// headless Services are not watched.
const (
	serviceSelector = "!service.kubernetes.io/service-proxy-name"
	sliceSelector   = "!service.kubernetes.io/headless"
)

// Config is what one node's proxy is started with.
type Config struct {
	// Env gives the loop, trace, kinds, endpoint and timings
	// (ProxyMinSyncPeriod, ProxySyncPeriod).
	Env *env.Env
	// Node is the node the proxy runs on and whose rules it programs.
	Node string
	// Token authenticates the proxy, as ServiceAccount.
	Token string
	// Net is the data plane holding the node's rules.
	Net *network.Network
}

// Proxy is one node's kube-proxy. It implements env.Actor; Stop is a
// killed process: informers and timers end, in-memory state is lost, the
// rules stay.
type Proxy struct {
	cfg  Config
	name trace.Actor

	running bool
	client  *client.Client
	factory *cache.Factory
	svcInf  *cache.SharedInformer
	sliceIf *cache.SharedInformer
	state   *state

	runner  *runner
	monitor *sim.Timer
	poll    *sim.Timer
	syncs   int
}

var _ env.Actor = (*Proxy)(nil)

// New returns a stopped proxy for cfg.Node.
func New(cfg Config) *Proxy {
	p := &Proxy{cfg: cfg, name: trace.ServiceProxy(cfg.Node)}
	loop := cfg.Env.Loop
	p.runner = newRunner(loop, p.syncProxyRules,
		cfg.Env.Timings.ProxyMinSyncPeriod, cfg.Env.Timings.ProxySyncPeriod, FullSyncPeriod)
	p.monitor = loop.NewTimer(sim.Func(p.checkCanary))
	p.poll = loop.NewTimer(sim.Func(p.pollSynced))
	return p
}

// Name returns the proxy's actor, "proxy/NODE".
func (p *Proxy) Name() trace.Actor { return p.name }

// Node returns the node the proxy programs.
func (p *Proxy) Node() string { return p.cfg.Node }

// Running reports whether the proxy is started.
func (p *Proxy) Running() bool { return p.running }

// Start starts the proxy as a new process: fresh caches, informers that
// LIST and WATCH at once, the sync runner and the rules monitor. The first
// sync, a full one, follows as soon as both informers have synced.
func (p *Proxy) Start() {
	if p.running {
		return
	}
	e := p.cfg.Env
	p.running = true
	p.state = newState()
	p.client = e.Client(p.name, p.cfg.Token)
	p.factory = cache.NewFactory(p.client, 0)
	p.svcInf = p.factory.FilteredInformer(e.Kind("", "Service"), cache.Filter{LabelSelector: serviceSelector})
	p.sliceIf = p.factory.FilteredInformer(e.Kind("discovery.k8s.io", "EndpointSlice"), cache.Filter{LabelSelector: sliceSelector})
	_, _ = p.svcInf.AddEventHandler(serviceHandler{p})
	_, _ = p.sliceIf.AddEventHandler(sliceHandler{p})
	p.runner.start()
	p.monitor.Reset(e.Loop.Now().Add(e.Timings.ProxySyncPeriod))
	p.factory.Start()
	p.pollSynced()
}

// Stop kills the proxy. Its node's rules are left as they are.
func (p *Proxy) Stop() {
	if !p.running {
		return
	}
	p.running = false
	p.factory.Shutdown()
	p.client.Stop()
	p.runner.stop()
	p.monitor.Stop()
	p.poll.Stop()
	p.state = nil
}

// Syncs returns how many times the proxy has synced its node's rules
// since it was created (one SYNC event each).
func (p *Proxy) Syncs() int { return p.syncs }

// pollSynced is WaitForCacheSync: it tells the proxy when each informer
// has synced, checking now and every syncedPollPeriod until both have.
func (p *Proxy) pollSynced() {
	s := p.state
	if !s.servicesSynced && p.svcInf.HasSynced() {
		s.servicesSynced = true
		p.onSynced()
	}
	if !s.slicesSynced && p.sliceIf.HasSynced() {
		s.slicesSynced = true
		p.onSynced()
	}
	if !s.servicesSynced || !s.slicesSynced {
		p.poll.Reset(p.cfg.Env.Loop.Now().Add(syncedPollPeriod))
	}
}

// onSynced is OnServiceSynced and OnEndpointSlicesSynced: the proxy is
// initialized once both have synced, and each calls syncProxyRules
// directly, which does nothing before initialization.
func (p *Proxy) onSynced() {
	s := p.state
	s.initialized = s.servicesSynced && s.slicesSynced
	_ = p.syncProxyRules()
}

// requestSync is Proxier.Sync: once initialized, a change asks the runner
// for a run.
func (p *Proxy) requestSync() {
	if p.state.initialized {
		p.runner.Run()
	}
}

// checkCanary is the iptables Monitor: every syncPeriod it checks that the
// rules it wrote are still there and forces a full sync when they were
// flushed.
func (p *Proxy) checkCanary() {
	p.monitor.Reset(p.cfg.Env.Loop.Now().Add(p.cfg.Env.Timings.ProxySyncPeriod))
	s := p.state
	if s.table == nil || p.cfg.Net.Rules(p.cfg.Node) == s.table {
		return
	}
	s.needFullSync = true
	_ = p.syncProxyRules()
}
