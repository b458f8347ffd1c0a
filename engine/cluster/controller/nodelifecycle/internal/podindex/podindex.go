// Package podindex indexes the manager's shared Pod informer by
// spec.nodeName, as pkg/controller/controller_utils.go
// AddPodNodeNameIndexer does, for the controllers that look up the Pods
// of a Node.
package podindex

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Name is the index's name (controller.PodNodeNameKeyIndex).
const Name = "spec.nodeName"

// Add adds the index to inf unless a controller sharing it already did.
func Add(inf *cache.SharedInformer) {
	if _, ok := inf.Indexer().GetIndexers()[Name]; ok {
		return
	}
	_ = inf.AddIndexers(cache.Indexers{Name: func(o *object.Object) ([]string, error) {
		if n, _ := o.Spec()["nodeName"].(string); n != "" {
			return []string{n}, nil
		}
		return nil, nil
	}})
}

// OnNode lists the cached Pods bound to node.
func OnNode(inf *cache.SharedInformer, node string) []*object.Object {
	pods, _ := inf.Indexer().ByIndex(Name, node)
	return pods
}
