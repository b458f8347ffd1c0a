package replicaset

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// controllerUIDIndex indexes ReplicaSets by their controller's UID
// (replica_set.go).
const controllerUIDIndex = "controllerUID"

// podControllerIndexKey is controller.PodControllerIndexKey: the key of
// the Pods controlled by ref, or of the orphan Pods in namespace when ref
// is nil. The controller groups Pods by it in its podTable, as Kubernetes'
// controllers group them in the informer's podController index.
func podControllerIndexKey(namespace string, ref *object.OwnerReference) string {
	if ref == nil {
		return namespace
	}
	return namespace + "/" + ref.Kind + "/" + ref.Name + "/" + ref.UID
}

func controllerUIDIndexFunc(o *object.Object) ([]string, error) {
	if r, ok := o.Meta.ControllerRef(); ok {
		return []string{r.UID}, nil
	}
	return []string{}, nil
}

// addIndexer adds an index unless the informer has one of that name: the
// informers are shared by every controller of a manager, and Kubernetes'
// AddPodControllerIndexer checks the same.
func addIndexer(inf *cache.SharedInformer, name string, fn cache.IndexFunc) error {
	if _, ok := inf.Indexer().GetIndexers()[name]; ok {
		return nil
	}
	return inf.AddIndexers(cache.Indexers{name: fn})
}
