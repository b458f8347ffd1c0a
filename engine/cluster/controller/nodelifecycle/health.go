package nodelifecycle

import (
	"errors"
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// nodeHealth is what the controller last observed of a Node, with the
// instants of its own clock at which it observed it (nodeHealthData):
// health is judged from when the controller saw a heartbeat change, never
// from the timestamps the kubelet wrote.
type nodeHealth struct {
	probe, readyTransition sim.Time
	// ready is the Ready condition of the status last observed; nil when
	// it had none.
	ready *nodeCond
	// lease is the Lease last observed to be renewed; nil when none.
	lease *leaseSeen
}

type leaseSeen struct {
	rv    string
	renew time.Time
}

// errShortCircuit marks a Node skipped this pass by the lease circuit
// breaker; it is not retried.
var errShortCircuit = errors.New("short circuit")

// tryUpdateNodeHealth is the controller's judgement of one Node
// (node_lifecycle_controller.go, tryUpdateNodeHealth). It returns the
// Ready condition as observed and as it is after the update, and the Node:
// node itself, which it only reads, or a copy with the kubelet's
// conditions Unknown when it marks them.
//
//   - The probe instant moves to now whenever the Ready condition's
//     lastHeartbeatTime differs from the one last observed, or the Node's
//     Lease has a later renewTime than the one last observed.
//   - When now is past probe + grace (NodeMonitorGracePeriod, or
//     NodeStartupGracePeriod for a Node that never had a Ready condition),
//     the Lease is read live from the API first (the
//     NodeControllerLeaseCircuitBreaker gate, beta and on in v1.37): if the
//     live Lease is newer than the cache's, the informer is behind and
//     the Node is skipped; if the API cannot be reached, it is skipped too.
//     Otherwise the kubelet's conditions become Unknown and the status is
//     written.
func (c *Controller) tryUpdateNodeHealth(node *object.Object) (observed nodeCond, current *nodeCond, _ *object.Object, err error) {
	now := c.loop.Now()
	name := node.Meta.Name
	nh, had := c.health[name]
	defer func(saved *nodeHealth) {
		if !had || nh != saved {
			c.health[name] = nh
		}
	}(nh)

	if err := c.guard.ensureReady(c.leases.LastSyncResourceVersion()); err != nil {
		return nodeCond{}, nil, node, fmt.Errorf("%w: %v", errShortCircuit, err)
	}

	grace := c.conf.NodeMonitorGracePeriod
	cur, hasCur := c.readyOf(node)
	if !hasCur {
		created := object.FormatTime(node.Meta.CreationTimestamp)
		observed = nodeCond{status: condUnknown, heartbeat: created, transition: created}
		grace = c.conf.NodeStartupGracePeriod
		if nh != nil {
			nh.ready = nil
		} else {
			t := simTime(node.Meta.CreationTimestamp)
			nh = &nodeHealth{probe: t, readyTransition: t}
		}
	} else {
		observed = cur
	}

	var saved *nodeCond
	var savedLease *leaseSeen
	if nh != nil {
		saved, savedLease = nh.ready, nh.lease
	}
	// curPtr points at the Ready condition. No one writes through these
	// pointers, so the one saved serves while it reads the same: the
	// common pass over an unchanged Node allocates nothing.
	curPtr := func() *nodeCond {
		if !hasCur {
			return nil
		}
		if nh != nil && nh.ready != nil && *nh.ready == cur {
			return nh.ready
		}
		v := cur
		return &v
	}
	switch {
	case nh == nil:
		nh = &nodeHealth{probe: now, readyTransition: now, ready: curPtr()}
	case saved == nil && hasCur:
		nh = &nodeHealth{probe: now, readyTransition: now, ready: curPtr()}
	case saved != nil && !hasCur:
		nh = &nodeHealth{probe: now, readyTransition: now}
	case saved != nil && hasCur && saved.heartbeat != cur.heartbeat:
		transition := nh.readyTransition
		if saved.transition != cur.transition {
			transition = now
		}
		nh = &nodeHealth{probe: now, readyTransition: transition, ready: curPtr()}
	}

	// Always update the probe time if the node lease is renewed.
	observedLease := c.lease(name, savedLease)
	if observedLease != nil && (savedLease == nil || savedLease.renew.Before(observedLease.renew)) {
		nh.lease = observedLease
		nh.probe = now
	}

	if now.Sub(nh.probe) <= grace {
		return observed, curPtr(), node, nil
	}
	if err := c.checkLiveLease(name, nh.lease); err != nil {
		return nodeCond{}, nil, node, err
	}
	if unknownAlready(node) {
		// markUnknown would change nothing: the copy Kubernetes makes
		// would read as node itself, and nothing is written.
		after := observed
		return observed, &after, node, nil
	}
	node = node.DeepCopy() // the informer's copy is read-only
	markUnknown(node, now)
	after, _ := condition(node, "Ready")
	if after == observed {
		return observed, &after, node, nil
	}
	if err := c.client.Do(client.UpdateRequest(c.kinds.node, node, api.WriteOptions{}, "status"), nil).Err(); err != nil {
		return observed, &after, node, err
	}
	c.decide(name, fmt.Sprintf("no heartbeat observed for %s (grace %s): kubelet conditions Unknown",
		now.Sub(nh.probe), grace))
	ready := after
	nh = &nodeHealth{probe: nh.probe, readyTransition: now, ready: &ready, lease: observedLease}
	return observed, &after, node, nil
}

// lease is the Lease of node as the informer has it, or nil: saved, the
// one last observed, when it is still the same state of the object (its
// renewTime is then the same), so that a pass over unchanged Nodes does
// not read every Lease again.
func (c *Controller) lease(node string, saved *leaseSeen) *leaseSeen {
	o, ok := c.leases.Lister().Get("kube-node-lease", node)
	if !ok {
		return nil
	}
	if saved != nil && saved.rv == o.Meta.ResourceVersion {
		return saved
	}
	return &leaseSeen{rv: o.Meta.ResourceVersion, renew: leaseRenewTime(o)}
}

// leaseRenewTime is object.ViewLease(o).RenewTime, read alone: the rest
// of the view, two more timestamps among them, would be decoded for
// nothing.
func leaseRenewTime(o *object.Object) time.Time { return object.TimeAt(o.Spec(), "renewTime") }

// readyOf is condition(node, "Ready"), read again only when the informer
// has a new state of the Node: a pass reads every Node's, and most have
// not changed since the last.
func (c *Controller) readyOf(node *object.Object) (nodeCond, bool) {
	r := c.read(node)
	return r.cond, r.ok
}

// read returns what a pass reads of node, from the cache when node is the
// object last read under its name. The informer never changes an object
// it hands out (a new state is a new object), so a read of the same
// pointer reads the same.
func (c *Controller) read(node *object.Object) nodeRead {
	r, ok := c.ready[node.Meta.Name]
	if !ok || r.node != node {
		r = readNode(node)
		c.ready[node.Meta.Name] = r
	}
	return r
}

// zoneOf is zoneKey(node), from the cache when node is the object last
// read: the zone is looked up for every Node on every pass, and a key is
// four label lookups and a concatenation. A Node that is not the one
// cached (a copy made this pass) is read directly, leaving the cache to
// the informer's objects.
func (c *Controller) zoneOf(node *object.Object) string {
	if r, ok := c.cached(node); ok {
		return r.zone
	}
	return zoneKey(node)
}

// cached returns what read last read of node, when node is the object it
// read: unlike read, it leaves the cache as it is.
func (c *Controller) cached(node *object.Object) (nodeRead, bool) {
	r, ok := c.ready[node.Meta.Name]
	return r, ok && r.node == node
}

// readNode reads what a pass needs of a Node's labels and status.
func readNode(node *object.Object) nodeRead {
	r := nodeRead{node: node, zone: zoneKey(node)}
	r.cond, r.ok = condition(node, "Ready")
	_, r.excluded = node.Meta.Labels[labelExcludeDisruption]
	return r
}

// nodeRead is what read last read of a Node, from node: its Ready
// condition (ok is false when it has none), its zone key, and whether it
// is excluded from its zone's counts.
type nodeRead struct {
	node     *object.Object
	cond     nodeCond
	ok       bool
	zone     string
	excluded bool
}
