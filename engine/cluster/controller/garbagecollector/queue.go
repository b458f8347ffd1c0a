package garbagecollector

import (
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// nodeQueue is a rate-limited queue of nodes (client-go's
// TypedRateLimitingInterface[*node] with DefaultTypedControllerRateLimiter).
// The model's queue holds string keys, so a node is queued by its UID
// and the node itself waits in items; a node queued again under the same
// UID replaces the one waiting (client-go would queue both pointers).
type nodeQueue struct {
	q     *workqueue.Queue
	items map[string]*node
}

func newNodeQueue(loop *sim.Loop) *nodeQueue {
	return &nodeQueue{q: workqueue.New(loop, nil), items: map[string]*node{}}
}

// add queues n.
func (nq *nodeQueue) add(n *node) {
	if nq.q.ShuttingDown() {
		return
	}
	nq.items[n.identity.UID] = n
	nq.q.Add(n.identity.UID)
}

// take returns the node queued under key for a worker to process; a
// worker that requeues it puts it back with requeue.
func (nq *nodeQueue) take(key string) (*node, bool) {
	n, ok := nq.items[key]
	delete(nq.items, key)
	return n, ok
}

// requeue keeps n for the rate-limited retry the worker's error asks
// the runner for, unless another node was queued under its UID meanwhile.
func (nq *nodeQueue) requeue(n *node) {
	if _, ok := nq.items[n.identity.UID]; !ok {
		nq.items[n.identity.UID] = n
	}
}

// addRateLimited queues n after the rate limiter's delay for its UID.
func (nq *nodeQueue) addRateLimited(n *node) {
	if nq.q.ShuttingDown() {
		return
	}
	nq.items[n.identity.UID] = n
	nq.q.AddRateLimited(n.identity.UID)
}
