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
//
// A change is only appended when it happens; the versions of a kind's
// objects are sorted out by key when the kind is first asked about, and
// brought up to date on each later question. A run asks about a few
// kinds (its Pods, its workloads) while most changes are of others
// (Leases, Events), so those are never indexed; the answers are the same
// as if every change were indexed as it came. Reading a History brings
// its indexes up to date: like the Session, it is used from one
// goroutine.
type History struct {
	log *trace.Log
	// changes are every change, in order (their At non-decreasing).
	changes []change
	// kinds index the changes of each kind asked about so far.
	kinds map[GroupKind]*kindIndex
}

// change is one store change: the object after it, or (gone) the object
// it deleted, at trace index At.
type change struct {
	At   int
	Obj  *object.Object
	gone bool
}

// kindIndex is the versions of one kind's objects, by key, as the first
// upTo changes left them.
type kindIndex struct {
	// upTo is the number of changes indexed.
	upTo  int
	byKey map[ObjectKey][]version
	// keys lists the kind's keys in the order they first appeared.
	keys []ObjectKey
}

// newHistory returns an empty history stamping changes with positions
// in log.
func newHistory(log *trace.Log) *History {
	h := &History{log: log, kinds: map[GroupKind]*kindIndex{}}
	if c, ok := spareChanges.Get().(*[]change); ok {
		h.changes = *c
	}
	return h
}

// OnEvent records a store change. The store calls its handlers during the
// write, and the API server appends the write's PERSIST event after the
// write returns (apiserver/storage.go, write and remove), with no trace
// event in between (the watch caches deliver later, through the loop):
// the log's length is the index of that PERSIST event.
func (h *History) OnEvent(ev store.Event[*object.Object]) {
	o, gone := ev.KV.Value, ev.Type == store.Delete
	if gone {
		o = ev.Prev.Value
	}
	if o == nil {
		return
	}
	h.changes = append(h.changes, change{At: h.log.Len(), Obj: o, gone: gone})
}

// kind returns the index of gk, brought up to date with every change
// recorded so far.
func (h *History) kind(gk GroupKind) *kindIndex {
	x := h.kinds[gk]
	if x == nil {
		x = &kindIndex{byKey: map[ObjectKey][]version{}}
		h.kinds[gk] = x
	}
	for _, c := range h.changes[x.upTo:] {
		if c.Obj.Kind != gk.Kind || c.Obj.Group() != gk.Group {
			continue
		}
		k := keyOf(c.Obj)
		vs, seen := x.byKey[k]
		if !seen {
			x.keys = append(x.keys, k)
		}
		v := version{At: c.At, Obj: c.Obj}
		if c.gone {
			v.Obj = nil
		}
		x.byKey[k] = append(vs, v)
	}
	x.upTo = len(h.changes)
	return x
}

// versions returns the versions of k recorded so far, in order.
func (h *History) versions(k ObjectKey) []version {
	return h.kind(GroupKind{k.Group, k.Kind}).byKey[k]
}

// Len returns the number of changes recorded.
func (h *History) Len() int { return len(h.changes) }

// At returns the object k as it was right after the trace event at index
// i (every change stamped i or earlier applied), or nil when it did not
// exist then. i < 0 asks for the state before any event.
func (h *History) At(k ObjectKey, i int) *object.Object {
	return at(h.versions(k), i)
}

// at returns the object of versions vs right after event i.
func at(vs []version, i int) *object.Object {
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
	x := h.kind(gk)
	var out []*object.Object
	for _, k := range x.keys {
		if ns != "" && ns != "*" && k.Namespace != ns {
			continue
		}
		if o := at(x.byKey[k], i); o != nil {
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
func (h *History) Keys(gk GroupKind) []ObjectKey { return slices.Clone(h.kind(gk).keys) }

// ChangedAt returns the distinct trace indices in [from, to] at which
// some object changed, in order.
func (h *History) ChangedAt(from, to int) []int {
	lo := sort.Search(len(h.changes), func(j int) bool { return h.changes[j].At >= from })
	var out []int
	for _, c := range h.changes[lo:] {
		if c.At > to {
			break
		}
		if len(out) == 0 || out[len(out)-1] != c.At {
			out = append(out, c.At)
		}
	}
	return out
}

// ChangedKindAt returns the distinct trace indices in [from, to] at which
// an object of gk changed, in order.
func (h *History) ChangedKindAt(gk GroupKind, from, to int) []int {
	x := h.kind(gk)
	var out []int
	for _, k := range x.keys {
		for _, v := range x.byKey[k] {
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
	vs := h.versions(k)
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
