package client

import (
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// maxCollectionPaths bounds collectionPaths; past it, paths are built
// anew each time.
const maxCollectionPaths = 1024

// collectionKey names one collection's path: what Path reads of a kind,
// and the namespace ("" for all namespaces, or a cluster-scoped kind).
// It holds no KindInfo, so that the cache keeps no registry alive.
type collectionKey struct {
	group, version, resource, namespace string
}

// collectionPaths holds the collection paths built so far: informers
// list and watch the same few collections again and again (every watch
// that times out is opened anew), from every cluster of a build at once.
var collectionPaths struct {
	sync.RWMutex
	byKey map[collectionKey]string
}

// collectionPath is Path(k, namespace, ""), built once per process for
// each collection.
func collectionPath(k *object.KindInfo, namespace string) string {
	if !k.Namespaced {
		namespace = ""
	}
	key := collectionKey{k.Group, k.Version, k.Resource, namespace}
	collectionPaths.RLock()
	p, ok := collectionPaths.byKey[key]
	collectionPaths.RUnlock()
	if ok {
		return p
	}
	p = Path(k, namespace, "")
	collectionPaths.Lock()
	if collectionPaths.byKey == nil {
		collectionPaths.byKey = map[collectionKey]string{}
	}
	if len(collectionPaths.byKey) < maxCollectionPaths {
		collectionPaths.byKey[key] = p
	}
	collectionPaths.Unlock()
	return p
}
