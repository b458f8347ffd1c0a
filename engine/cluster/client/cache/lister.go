package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// Lister reads an informer's cache as client-go's generated listers do
// (tools/cache/listers.go). Objects are shared: do not modify them.
type Lister struct {
	indexer *Indexer
}

// NewLister returns a lister over indexer.
func NewLister(indexer *Indexer) Lister { return Lister{indexer: indexer} }

// List returns the cached objects whose labels sel matches (the zero
// selector matches everything).
func (l Lister) List(sel object.LabelSelector) []*object.Object {
	var out []*object.Object
	l.indexer.Range(func(o *object.Object) bool {
		if sel.Matches(o.Meta.Labels) {
			out = append(out, o)
		}
		return true
	})
	return out
}

// ListNamespace returns the objects of one namespace that sel matches,
// through the namespace index when the cache has it (ListAllByNamespace).
func (l Lister) ListNamespace(namespace string, sel object.LabelSelector) []*object.Object {
	var out []*object.Object
	keep := func(o *object.Object) bool {
		if sel.Matches(o.Meta.Labels) {
			out = append(out, o)
		}
		return true
	}
	if err := l.indexer.RangeIndex(NamespaceIndex, namespace, keep); err != nil {
		l.indexer.Range(func(o *object.Object) bool {
			if o.Meta.Namespace == namespace {
				keep(o)
			}
			return true
		})
	}
	return out
}

// Get returns the object namespace/name ("" namespace for cluster-scoped
// kinds).
func (l Lister) Get(namespace, name string) (*object.Object, bool) {
	if namespace == "" {
		return l.indexer.GetByKey(name)
	}
	return l.indexer.GetByKey(namespace + "/" + name)
}
