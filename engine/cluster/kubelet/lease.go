package kubelet

import (
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
	lease, err := client.Shared(l.client.Do(client.GetRequest(k.kinds.leases, namespaceNodeLease, k.cfg.Node), nil))
	if api.IsReason(err, api.ReasonNotFound) {
		fresh, ok := c.newLease(nil)
		if !ok {
			return nil, false, nil
		}
		// newLease(nil) built fresh for this request alone: it is handed over.
		created, err := client.Shared(l.client.Do(client.CreateRequestOwning(k.kinds.leases, fresh, api.WriteOptions{}), nil))
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
	k := l.k
	for i := 0; i < leaseMaxUpdateRetries; i++ {
		lease, ok := c.newLease(base)
		if !ok {
			continue
		}
		// newLease made lease for this request alone.
		updated, err := client.Shared(l.client.Do(client.UpdateRequestOwning(k.kinds.leases, lease, api.WriteOptions{}), nil))
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

// newLease builds the Lease to write from base (nil for a new one): the
// lease duration and the renew time now, and the owner reference to the
// Node when it has none yet.
func (c *leaseController) newLease(base *object.Object) (*object.Object, bool) {
	l := c.l
	k := l.k
	var lease *object.Object
	if base == nil {
		lease = object.New("coordination.k8s.io/v1", "Lease")
		lease.Meta.Name, lease.Meta.Namespace = k.cfg.Node, namespaceNodeLease
		lease.Content["spec"] = map[string]any{"holderIdentity": k.cfg.Node}
	} else {
		// The content is copied, to be changed and handed over with the
		// request. The metadata is only read, into the body (Meta.ToMap
		// builds its values afresh), so it is shared with base, whose
		// maps and slices nothing here writes to: the owner reference
		// below replaces the slice, it does not fill base's.
		content, _ := object.DeepCopyValue(base.Content).(map[string]any)
		lease = &object.Object{APIVersion: base.APIVersion, Kind: base.Kind, Meta: base.Meta, Content: content}
	}
	spec := lease.EnsureMap("spec")
	spec["leaseDurationSeconds"] = int64(k.e.Timings.NodeLeaseDuration / time.Second)
	spec["renewTime"] = object.FormatMicroTime(l.now().Wall())
	if len(lease.Meta.OwnerReferences) == 0 {
		node, err := client.Shared(l.client.Do(client.GetRequest(k.kinds.nodes, "", k.cfg.Node), nil))
		if err != nil {
			return nil, false
		}
		lease.Meta.OwnerReferences = []object.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: k.cfg.Node, UID: node.Meta.UID}}
	}
	return lease, true
}
