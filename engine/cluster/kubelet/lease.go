package kubelet

import (
	"maps"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The node lease controller's constants
// (k8s.io/component-helpers/apimachinery/lease/controller.go).
const (
	leaseMaxUpdateRetries = 5
	leaseMaxBackoff       = 7 * time.Second
	leaseFirstBackoff     = 100 * time.Millisecond
	namespaceNodeLease    = "kube-node-lease"
)

// leaseController renews the node's Lease in kube-node-lease, the
// kubelet's cheap heartbeat (component-helpers lease controller, started by
// the kubelet with Run, so it never deletes the Lease): a sync every
// renew interval (a quarter of the 40 s lease duration,
// nodeLeaseRenewIntervalFraction) with a jitter of 4 %, counted from the
// end of the previous sync.
//
// A sync PUTs the latest Lease it has with a new renewTime. Without one
// (the first sync, or after a failure) it GETs the Lease, creating it when
// it is missing — holderIdentity and name the node, leaseDurationSeconds
// 40, renewTime now, and an ownerReference to the Node, read with a GET
// (SetNodeOwnerFunc) — and backs off 200 ms doubling to 7 s while that
// fails. An update that fails is tried five times; a conflict re-reads the
// Lease first.
type leaseController struct {
	l       *life
	timer   *sim.Timer // the next sync
	backoff *sim.Timer // the next try of ensureLease
	latest  *object.Object

	// writer keeps what every renewal sends again: the Lease's URL path
	// and the request.
	writer client.Rewriter
}

func newLeaseController(l *life) *leaseController { return &leaseController{l: l} }

func (c *leaseController) start() {
	c.timer = c.l.k.e.Loop.NewTimer(sim.Func(c.sync))
	c.timer.Reset(c.l.now())
}

func (c *leaseController) stop() {
	for _, t := range [...]*sim.Timer{c.timer, c.backoff} {
		if t != nil {
			t.Stop()
		}
	}
}

func (c *leaseController) next() {
	l := c.l
	c.timer.Reset(l.now().Add(l.k.e.Rand.Jitter(l.k.e.Timings.NodeLeaseRenewInterval, loopJitter)))
}

func (c *leaseController) sync() {
	if c.l.stopped {
		return
	}
	if c.latest != nil && c.retryUpdate(c.latest) {
		c.next()
		return
	}
	c.ensure(leaseFirstBackoff)
}

// ensure is backoffEnsureLease followed by the rest of sync.
func (c *leaseController) ensure(sleep time.Duration) {
	l := c.l
	if l.stopped {
		return
	}
	lease, created, err := c.ensureLease()
	if err != nil {
		sleep = min(2*sleep, leaseMaxBackoff)
		c.backoff = l.k.e.Loop.At(l.now().Add(sleep), func() { c.ensure(sleep) })
		return
	}
	c.latest = lease
	if !created && lease != nil {
		c.retryUpdate(lease)
	}
	c.next()
}

// ensureLease GETs the Lease and creates it when missing. A Lease that
// cannot be built (the Node cannot be read for its owner reference) is no
// error: the next sync tries again.
func (c *leaseController) ensureLease() (*object.Object, bool, error) {
	l := c.l
	k := l.k
	lease, err := client.Shared(l.client.DoGet(k.kinds.leases, namespaceNodeLease, k.cfg.Node))
	if api.IsReason(err, api.ReasonNotFound) {
		fresh, ok := c.newLease()
		if !ok {
			return nil, false, nil
		}
		// newLease built fresh for this request alone: it is handed over.
		created, err := client.Shared(l.client.DoCreateOwning(k.kinds.leases, fresh, api.WriteOptions{}))
		if err != nil {
			return nil, false, err
		}
		return created, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return lease, false, nil
}

// retryUpdate is retryUpdateLease.
func (c *leaseController) retryUpdate(base *object.Object) bool {
	l := c.l
	for i := 0; i < leaseMaxUpdateRetries; i++ {
		sent, ok := c.renewalBody(base)
		if !ok {
			continue
		}
		// renewalBody built sent for this request alone.
		updated, err := c.writer.Update(l.client, l.k.kinds.leases, base.Meta.Namespace, base.Meta.Name, sent)
		if err == nil {
			c.latest = updated
			return true
		}
		if api.IsReason(err, api.ReasonConflict) {
			if fresh, _, err := c.ensureLease(); err == nil && fresh != nil {
				base = fresh
			}
		}
	}
	return false
}

// newLease builds the Lease to create: holderIdentity the node, the lease
// duration and the renew time now, and the owner reference to the Node.
func (c *leaseController) newLease() (*object.Object, bool) {
	k := c.l.k
	lease := object.New("coordination.k8s.io/v1", "Lease")
	lease.Meta.Name, lease.Meta.Namespace = k.cfg.Node, namespaceNodeLease
	spec := map[string]any{"holderIdentity": k.cfg.Node}
	lease.Content["spec"] = spec
	c.renew(spec)
	return lease, c.ownNode(&lease.Meta)
}

// renewalBody is the object the update that renews base sends: base with
// the spec's lease duration and renew time set now and the owner
// reference to the Node when it has none yet. It is the request's own:
// its content is a copy of base's, and base's metadata is only read (the
// owner reference replaces the slice in a copy of the metadata, it does
// not fill base's).
//
// base is a Lease the API server returned, so its spec is a LeaseSpec,
// whose fields are all scalars: a shallow clone of that small map is a
// copy of its own, made whole where a deep copy inserts every field anew.
func (c *leaseController) renewalBody(base *object.Object) (*object.Object, bool) {
	meta := base.Meta
	if !c.ownNode(&meta) {
		return nil, false
	}
	o := c.writer.Object(base, &meta, "spec")
	spec := maps.Clone(base.Spec())
	if spec == nil {
		spec = map[string]any{}
	}
	o.Content["spec"] = spec
	c.renew(spec)
	return o, true
}

// renew sets the lease duration and the renew time, now, of a spec.
func (c *leaseController) renew(spec map[string]any) {
	l := c.l
	spec["leaseDurationSeconds"] = int64(l.k.e.Timings.NodeLeaseDuration / time.Second)
	spec["renewTime"] = object.FormatMicroTime(l.now().Wall())
}

// ownNode gives meta the owner reference to the Node when it has none
// (SetNodeOwnerFunc), reading the Node for its UID; false when it cannot
// be read.
func (c *leaseController) ownNode(meta *object.Meta) bool {
	if len(meta.OwnerReferences) > 0 {
		return true
	}
	l := c.l
	k := l.k
	node, err := client.Shared(l.client.DoGet(k.kinds.nodes, "", k.cfg.Node))
	if err != nil {
		return false
	}
	meta.OwnerReferences = []object.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: k.cfg.Node, UID: node.Meta.UID}}
	return true
}
