package scenario

import (
	"slices"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ObjectKey names one stored object: its API group, kind, namespace ("" for
// cluster-scoped) and name.
type ObjectKey struct {
	Group, Kind, Namespace, Name string
}

// GroupKind is a kind with its group.
type GroupKind struct {
	Group, Kind string
}

// keyOf returns the key of a stored object.
func keyOf(o *object.Object) ObjectKey {
	return ObjectKey{Group: o.Group(), Kind: o.Kind, Namespace: o.Meta.Namespace, Name: o.Meta.Name}
}

// version is one state of an object: from trace index At on, the object
// was Obj (nil: it did not exist).
type version struct {
	At  int
	Obj *object.Object
}

// History is every change the store saw, each stamped with the trace
// index at which it happened, so that the objects can be read as they
// were right after any event of the run, whatever the store has compacted
// since. Objects are the stored ones: shared, never to be modified.
type History struct {
	log   *trace.Log
	byKey map[ObjectKey][]version
	// byKind lists each kind's keys in the order they first appeared.
	byKind map[GroupKind][]ObjectKey
	// changes are the trace indices of the changes, non-decreasing.
	changes []int
}

// newHistory returns an empty history stamping changes with positions
// in log.
func newHistory(log *trace.Log) *History {
	return &History{log: log, byKey: map[ObjectKey][]version{}, byKind: map[GroupKind][]ObjectKey{}}
}

// OnEvent records a store change. The store calls its handlers during the
// write, and the API server appends the write's PERSIST event after the
// write returns (apiserver/storage.go, write and remove), with no trace
// event in between (the watch caches deliver later, through the loop):
// the log's length is the index of that PERSIST event.
func (h *History) OnEvent(ev store.Event[*object.Object]) {
	o := ev.KV.Value
	if ev.Type == store.Delete {
		o = ev.Prev.Value
	}
	if o == nil {
		return
	}
	k := keyOf(o)
	at := h.log.Len()
	vs, seen := h.byKey[k]
	if !seen {
		gk := GroupKind{k.Group, k.Kind}
		h.byKind[gk] = append(h.byKind[gk], k)
	}
	if ev.Type == store.Delete {
		o = nil
	}
	h.byKey[k] = append(vs, version{At: at, Obj: o})
	h.changes = append(h.changes, at)
}

// Len returns the number of changes recorded.
func (h *History) Len() int { return len(h.changes) }

// At returns the object k as it was right after the trace event at index
// i (every change stamped i or earlier applied), or nil when it did not
// exist then. i < 0 asks for the state before any event.
func (h *History) At(k ObjectKey, i int) *object.Object {
	vs := h.byKey[k]
	j := sort.Search(len(vs), func(j int) bool { return vs[j].At > i })
	if j == 0 {
		return nil
	}
	return vs[j-1].Obj
}

// Objects returns the objects of a kind that existed right after event i,
// in namespace ns ("" or "*" for every namespace), ordered by namespace
// and name.
func (h *History) Objects(gk GroupKind, ns string, i int) []*object.Object {
	var out []*object.Object
	for _, k := range h.byKind[gk] {
		if ns != "" && ns != "*" && k.Namespace != ns {
			continue
		}
		if o := h.At(k, i); o != nil {
			out = append(out, o)
		}
	}
	slices.SortFunc(out, func(a, b *object.Object) int {
		if c := strings.Compare(a.Meta.Namespace, b.Meta.Namespace); c != 0 {
			return c
		}
		return strings.Compare(a.Meta.Name, b.Meta.Name)
	})
	return out
}

// Keys returns the keys of a kind ever seen, in the order they appeared.
func (h *History) Keys(gk GroupKind) []ObjectKey { return slices.Clone(h.byKind[gk]) }

// ChangedAt returns the distinct trace indices in [from, to] at which
// some object changed, in order.
func (h *History) ChangedAt(from, to int) []int {
	lo := sort.SearchInts(h.changes, from)
	var out []int
	for _, at := range h.changes[lo:] {
		if at > to {
			break
		}
		if len(out) == 0 || out[len(out)-1] != at {
			out = append(out, at)
		}
	}
	return out
}

// ChangedKindAt returns the distinct trace indices in [from, to] at which
// an object of gk changed, in order.
func (h *History) ChangedKindAt(gk GroupKind, from, to int) []int {
	var out []int
	for _, k := range h.byKind[gk] {
		for _, v := range h.byKey[k] {
			if v.At >= from && v.At <= to {
				out = append(out, v.At)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Versions returns the states of k with the index each began at, in
// order, the first being the state at or before from.
func (h *History) Versions(k ObjectKey, from, to int) []version {
	vs := h.byKey[k]
	j := sort.Search(len(vs), func(j int) bool { return vs[j].At > from })
	var out []version
	if j > 0 {
		out = append(out, version{At: from, Obj: vs[j-1].Obj})
	} else {
		out = append(out, version{At: from})
	}
	for _, v := range vs[j:] {
		if v.At > to {
			break
		}
		out = append(out, v)
	}
	return out
}
