package apiserver

import (
	"slices"
	"time"
)

// The lease endpoint reconciler (--endpoint-reconciler-type=lease,
// pkg/controlplane/reconcilers/lease.go): every replica renews a lease
// every 10 s (DefaultEndpointReconcilerInterval) that lasts 15 s
// (DefaultEndpointReconcilerTTL), and the kubernetes Service's
// EndpointSlice lists the replicas whose lease is live. A stopped replica
// stays listed until its lease runs out.
const (
	endpointReconcileInterval = 10 * time.Second
	endpointLeaseTTL          = 15 * time.Second
)

// leasedAddresses lists, sorted, the replicas whose lease is live.
func (p *Plane) leasedAddresses() []string {
	now := p.cfg.Loop.Now()
	var out []string
	for _, s := range p.servers {
		if s.leased && now.Sub(s.renewed) <= endpointLeaseTTL {
			out = append(out, s.addr)
		}
	}
	slices.Sort(out)
	return out
}

// reconcileEndpoints renews the leases of the replicas that are up and
// rewrites the EndpointSlice when the live set changed.
func (p *Plane) reconcileEndpoints() {
	now := p.cfg.Loop.Now()
	p.reconcile.Reset(now.Add(endpointReconcileInterval))
	for _, s := range p.servers {
		if s.up {
			s.renewed = now
		}
	}
	addrs := p.leasedAddresses()
	w := p.firstUp()
	if w == nil || slices.Equal(addrs, p.slice) || !p.cfg.Store.Available() {
		return
	}
	k, _ := p.cfg.Registry.ByResource("discovery.k8s.io", "endpointslices")
	kv, ok, err := p.cfg.Store.Get(objectKey(k, "default", "kubernetes"))
	if err != nil || !ok {
		return
	}
	o := kv.Value.DeepCopy()
	o.Content["endpoints"] = sliceEndpoints(addrs)
	if err := w.internalWrite(k, kv.Key, o, kv.Value, kv.ModRevision, "endpoint reconciler"); err == nil {
		p.slice = addrs
	}
}
