package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// nodeIndex keeps the Pods of each node (by spec.nodeName) for the Node
// authorizer, as kube-apiserver's node authorizer graph does, fed by a
// store watch on the Pods.
type nodeIndex struct {
	byNode map[string]map[string]*object.Object // node → key → pod
	nodeOf map[string]string                    // key → node
}

// newNodeIndex loads the Pods of the store and follows them.
func newNodeIndex(s *store.Store[*object.Object], prefix string) (*nodeIndex, error) {
	x := &nodeIndex{byNode: map[string]map[string]*object.Object{}, nodeOf: map[string]string{}}
	res, err := s.RangePrefix(prefix, store.RangeOptions{})
	if err != nil {
		return nil, err
	}
	for _, kv := range res.KVs {
		x.put(kv.Key, kv.Value)
	}
	if _, err := s.Watch(prefix, res.Revision+1, x); err != nil {
		return nil, err
	}
	return x, nil
}

// OnEvent follows one change of a Pod.
func (x *nodeIndex) OnEvent(ev store.Event[*object.Object]) {
	if ev.Type == store.Delete {
		x.drop(ev.KV.Key)
		return
	}
	x.put(ev.KV.Key, ev.KV.Value)
}

func (x *nodeIndex) put(key string, pod *object.Object) {
	x.drop(key)
	node := pod.GetString(".spec.nodeName")
	if node == "" {
		return
	}
	m := x.byNode[node]
	if m == nil {
		m = map[string]*object.Object{}
		x.byNode[node] = m
	}
	m[key] = pod
	x.nodeOf[key] = node
}

func (x *nodeIndex) drop(key string) {
	if node, ok := x.nodeOf[key]; ok {
		delete(x.byNode[node], key)
		delete(x.nodeOf, key)
	}
}

// pods returns the Pods on node, in key order.
func (x *nodeIndex) pods(node string) []*object.Object {
	m := x.byNode[node]
	keys := object.AppendSortedKeys(make([]string, 0, len(m)), m)
	out := make([]*object.Object, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}
