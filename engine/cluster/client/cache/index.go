package cache

import "github.com/loopbook/loopbook/engine/cluster/object"

// IndexFunc computes the values an object is indexed under
// (k8s.io/client-go/tools/cache/index.go).
type IndexFunc func(obj *object.Object) ([]string, error)

// Indexers maps index names to their functions.
type Indexers map[string]IndexFunc

// NamespaceIndex is the name of the namespace index every informer of a
// Factory has (tools/cache/index.go).
const NamespaceIndex = "namespace"

// MetaNamespaceIndexFunc indexes an object by its namespace ("" for
// cluster-scoped objects).
func MetaNamespaceIndexFunc(obj *object.Object) ([]string, error) {
	return []string{obj.Meta.Namespace}, nil
}

// index maps an indexed value to the entries indexed under it. It is
// nil until an entry is added: many informers cache nothing.
type index map[string]*entrySet

func (idx *index) add(value string, e *entry) { idx.set(value).add(e) }

// addNew is add for an entry new to the cache, which no set holds yet.
func (idx *index) addNew(value string, e *entry) { idx.set(value).addNew(e) }

// set returns value's set, made if need be.
func (idx *index) set(value string) *entrySet {
	s := (*idx)[value]
	if s == nil {
		if *idx == nil {
			*idx = index{}
		}
		s = newEntrySet()
		(*idx)[value] = s
	}
	return s
}

// remove drops e from value's set, and the set when it empties, so an
// index does not keep every value it ever saw (thread_safe_store.go,
// deleteKeyFromIndex).
func (idx index) remove(value string, e *entry) {
	s := idx[value]
	if s == nil {
		return
	}
	s.remove(e)
	if s.len() == 0 {
		delete(idx, value)
	}
}
