package scheduler

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// nominator remembers which Pods are nominated to which node: Pods whose
// preemption made room there and that wait for the victims to go
// (backend/queue/nominator.go). While a Pod is nominated, Pods of lower or
// equal priority are filtered as if it already ran on that node.
type nominator struct {
	byNode map[string][]*framework.PodInfo
	node   map[string]string // pod key -> node
}

func newNominator() *nominator {
	return &nominator{byNode: map[string][]*framework.PodInfo{}, node: map[string]string{}}
}

// add nominates p to node, or to p.NominatedNodeName when node is "";
// a Pod nominated nowhere is forgotten.
func (n *nominator) add(p *framework.PodInfo, node string) {
	if node == "" {
		node = p.NominatedNodeName
	}
	n.delete(p.Key)
	if node == "" || p.NodeName != "" {
		return
	}
	n.node[p.Key] = node
	n.byNode[node] = append(n.byNode[node], p)
}

// delete forgets p's nomination.
func (n *nominator) delete(key string) {
	node, ok := n.node[key]
	if !ok {
		return
	}
	delete(n.node, key)
	n.byNode[node] = slices.DeleteFunc(n.byNode[node], func(q *framework.PodInfo) bool { return q.Key == key })
	if len(n.byNode[node]) == 0 {
		delete(n.byNode, node)
	}
}

// forNode returns the Pods nominated to node that p must make way for:
// other Pods of at least its priority.
func (n *nominator) forNode(node string, p *framework.PodInfo) []*framework.PodInfo {
	var out []*framework.PodInfo
	for _, q := range n.byNode[node] {
		if q.Key != p.Key && q.Priority >= p.Priority {
			out = append(out, q)
		}
	}
	return out
}

// empty reports whether nobody is nominated.
func (n *nominator) empty() bool { return len(n.node) == 0 }
