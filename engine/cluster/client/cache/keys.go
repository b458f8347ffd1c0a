package cache

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// MetaNamespaceKeyFunc returns "namespace/name", or "name" for a
// cluster-scoped object (k8s.io/client-go/tools/cache/store.go).
func MetaNamespaceKeyFunc(obj *object.Object) string { return obj.Key() }

// DeletionHandlingMetaNamespaceKeyFunc returns the key of an object or of
// a DeletedFinalStateUnknown tombstone (its Key), as client-go's
// (tools/cache/controller.go).
func DeletionHandlingMetaNamespaceKeyFunc(obj any) (string, error) {
	switch o := obj.(type) {
	case DeletedFinalStateUnknown:
		return o.Key, nil
	case *object.Object:
		return o.Key(), nil
	}
	return "", fmt.Errorf("object has no meta: %T", obj)
}

// SplitMetaNamespaceKey returns the namespace and name of a key made by
// MetaNamespaceKeyFunc (tools/cache/store.go: "unexpected key format"
// for more than one slash).
func SplitMetaNamespaceKey(key string) (namespace, name string, err error) {
	parts := strings.Split(key, "/")
	switch len(parts) {
	case 1:
		return "", parts[0], nil
	case 2:
		return parts[0], parts[1], nil
	}
	return "", "", fmt.Errorf("unexpected key format: %q", key)
}
