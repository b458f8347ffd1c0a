package apiserver

import (
	"fmt"
	"github.com/loopbook/loopbook/engine/cluster/audit"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Plane is the API serving part of a control plane: the replicas, the
// endpoint in front of them, and what they share — the store ("etcd"),
// the kind registry, the cluster IP allocator, the compaction loop and the
// reconciler of the kubernetes Service's endpoints.
type Plane struct {
	cfg       Config
	ips       *object.ClusterIPAllocator
	servers   []*Server
	endpoint  *Endpoint
	compactor *store.Compactor[*object.Object]
	compact   *sim.Timer
	reconcile *sim.Timer
	slice     []string // addresses last written to the kubernetes EndpointSlice
	nodePorts map[int64]string
	// audit is the audit log every replica writes to.
	audit audit.Log
	// prefixes are the store prefixes of the resources and namespaces
	// asked for so far.
	prefixes keyPrefixes
	// rev is the store's Rev method value, made once (see storeRev).
	rev func() int64
	// differ works out the changes writes record.
	differ *changeDiffer
	// unread is set while writes' changes go unsummarised (see
	// Config.UnreadChanges).
	unread bool
	// cacheEpoch moves whenever the caches lookups can find may have
	// changed: a replica started or stopped, a cache added, loaded or
	// dropped.
	cacheEpoch uint64
	// hint is where the last update that changed an object found the
	// difference (see Plane.sameObject).
	hint diffHint
}

// New starts a control plane: every replica up with its watch caches
// loaded, then the bootstrap objects written (the system namespaces, the
// kubernetes Service and its EndpointSlice, Config.Bootstrap), then the
// periodic compaction and endpoint reconciliation scheduled on the loop.
func New(cfg Config) (*Plane, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	ips, err := object.NewClusterIPAllocator(cfg.ServiceCIDR, cfg.Rand)
	if err != nil {
		return nil, fmt.Errorf("apiserver: %w", err)
	}
	p := &Plane{cfg: cfg, ips: ips, differ: &changeDiffer{}, compactor: store.NewCompactor(cfg.Store), nodePorts: map[int64]string{}, unread: cfg.UnreadChanges}
	for i := range cfg.Replicas {
		p.servers = append(p.servers, newServer(p, i))
	}
	p.endpoint = &Endpoint{p: p, host: cfg.EndpointAddress, assigned: map[trace.Actor]int{}}
	for _, s := range p.servers {
		s.start()
	}
	if err := p.bootstrap(); err != nil {
		return nil, err
	}
	if cfg.CompactionInterval > 0 {
		p.compact = cfg.Loop.NewTimer(sim.Func(p.tickCompaction))
		p.compact.Reset(cfg.Loop.Now().Add(cfg.CompactionInterval))
	}
	p.reconcile = cfg.Loop.NewTimer(sim.Func(p.reconcileEndpoints))
	p.reconcile.Reset(cfg.Loop.Now().Add(endpointReconcileInterval))
	return p, nil
}

// Endpoint returns the endpoint clients talk to.
func (p *Plane) Endpoint() *Endpoint { return p.endpoint }

// Servers returns the replicas, in order.
func (p *Plane) Servers() []*Server { return p.servers }

// Server returns the replica called name, or nil.
func (p *Plane) Server(name trace.Actor) *Server {
	for _, s := range p.servers {
		if s.name == name {
			return s
		}
	}
	return nil
}

// Store returns the shared store.
func (p *Plane) Store() *store.Store[*object.Object] { return p.cfg.Store }

// Registry returns the kinds served.
func (p *Plane) Registry() *object.Registry { return p.cfg.Registry }

// Trace returns the trace log.
func (p *Plane) Trace() *trace.Log { return p.cfg.Trace }

// Loop returns the event loop.
func (p *Plane) Loop() *sim.Loop { return p.cfg.Loop }

// Kill stops the replica called name (the `kill apiserver NAME` fault):
// it refuses new requests, its watches end (WatchHandler.Ended with a lost
// connection), and the endpoint routes around it.
func (p *Plane) Kill(name trace.Actor) error {
	s := p.Server(name)
	if s == nil {
		return fmt.Errorf("apiserver: no replica %q", name)
	}
	s.stop()
	return nil
}

// Restart starts the replica called name again: its watch caches reload
// from the store (or as soon as the store is reachable).
func (p *Plane) Restart(name trace.Actor) error {
	s := p.Server(name)
	if s == nil {
		return fmt.Errorf("apiserver: no replica %q", name)
	}
	s.start()
	return nil
}

// StopAll stops every replica (the `stop apiservers` fault).
func (p *Plane) StopAll() {
	for _, s := range p.servers {
		s.stop()
	}
}

// StartAll starts every stopped replica.
func (p *Plane) StartAll() {
	for _, s := range p.servers {
		s.start()
	}
}

// SetStoreAvailable breaks or restores etcd (the `break etcd` fault).
// While it is broken, writes and consistent reads fail with 504 Timeout,
// /readyz reports "[-]etcd failed", and reads and watches that the watch
// caches can serve keep working. When it is back, caches that could not
// load are loaded.
func (p *Plane) SetStoreAvailable(ok bool) {
	p.cfg.Store.SetAvailable(ok)
	if ok {
		for _, s := range p.servers {
			if s.up {
				s.loadCaches()
			}
		}
	}
}

// tickCompaction is the compaction loop: each interval the store is
// compacted to the revision of the previous interval, as long as some
// replica is up to ask for it.
func (p *Plane) tickCompaction() {
	p.compact.Reset(p.cfg.Loop.Now().Add(p.cfg.CompactionInterval))
	for _, s := range p.servers {
		if s.up {
			p.compactor.Tick() // an unreachable store is retried at the next tick
			return
		}
	}
}
