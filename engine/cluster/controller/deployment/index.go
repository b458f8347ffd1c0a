package deployment

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podControllerIndex indexes Pods by controller, or by namespace for
// orphans (controller.AddPodControllerIndexer); the ReplicaSet controller
// adds the same index to the shared informer, whichever comes first.
const podControllerIndex = "podController"

func podControllerIndexKey(namespace string, ref *object.OwnerReference) string {
	if ref == nil {
		return namespace
	}
	return namespace + "/" + ref.Kind + "/" + ref.Name + "/" + ref.UID
}

func addPodControllerIndexer(pods *cache.SharedInformer) error {
	if _, ok := pods.Indexer().GetIndexers()[podControllerIndex]; ok {
		return nil
	}
	return pods.AddIndexers(cache.Indexers{podControllerIndex: func(p *object.Object) ([]string, error) {
		var ref *object.OwnerReference
		if r, ok := p.Meta.ControllerRef(); ok {
			ref = &r
		}
		return []string{podControllerIndexKey(p.Meta.Namespace, ref)}, nil
	}})
}

// podsOwnedBy is controller.FilterPodsByOwner without orphans.
func (dc *Controller) podsOwnedBy(rs *replicaSet) []*object.Object {
	var out []*object.Object
	m := rs.obj.Meta
	_ = dc.podInf.Indexer().RangeIndex(podControllerIndex,
		podControllerIndexKey(m.Namespace, &object.OwnerReference{Kind: "ReplicaSet", Name: m.Name, UID: m.UID}),
		func(p *object.Object) bool { out = append(out, p); return true })
	return out
}
