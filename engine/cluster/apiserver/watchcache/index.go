package watchcache

import (
	"slices"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// index holds the current objects by store key, with their keys in order
// for lists. New keys are sorted in lazily, at the next ordered read, so a
// burst of creates costs one sort rather than one insertion each.
type index struct {
	objs    map[string]*object.Object // nil until an object is put
	sorted  []string                  // ordered keys; may hold deleted ones until the next merge
	pending []string                  // keys added since the last merge
	deleted int                       // deleted keys still in sorted
}

// newIndex returns an empty index; its map is made by the first put.
func newIndex() index { return index{} }

// reserve makes room for n keys about to be put, as a list brings them.
func (x *index) reserve(n int) {
	if n == 0 {
		return
	}
	if x.objs == nil {
		x.objs = make(map[string]*object.Object, n)
	}
	x.pending = slices.Grow(x.pending, n)
}

func (x *index) len() int { return len(x.objs) }

func (x *index) get(key string) (*object.Object, bool) {
	o, ok := x.objs[key]
	return o, ok
}

func (x *index) put(key string, o *object.Object) {
	_, had := x.objs[key]
	x.set(key, o, had)
}

// set is put for a caller that has just looked key up: had says whether
// it is there.
func (x *index) set(key string, o *object.Object, had bool) {
	if !had {
		x.pending = append(x.pending, key)
	}
	if x.objs == nil {
		x.objs = map[string]*object.Object{}
	}
	x.objs[key] = o
}

func (x *index) remove(key string) {
	if _, ok := x.objs[key]; ok {
		delete(x.objs, key)
		x.deleted++
	}
}

func (x *index) reset() {
	clear(x.objs)
	x.sorted, x.pending, x.deleted = x.sorted[:0], x.pending[:0], 0
}

// merge brings sorted up to date: live keys only, in order.
func (x *index) merge() {
	if len(x.pending) == 0 && x.deleted == 0 {
		return
	}
	slices.Sort(x.pending)
	out := make([]string, 0, len(x.objs))
	i, j := 0, 0
	for i < len(x.sorted) || j < len(x.pending) {
		var k string
		if j >= len(x.pending) || (i < len(x.sorted) && x.sorted[i] < x.pending[j]) {
			k = x.sorted[i]
			i++
		} else {
			k = x.pending[j]
			j++
		}
		if _, live := x.objs[k]; live && (len(out) == 0 || out[len(out)-1] != k) {
			out = append(out, k)
		}
	}
	x.sorted, x.pending, x.deleted = out, x.pending[:0], 0
}

// ascend calls fn for each object whose key starts with prefix, in key
// order, until fn returns false.
func (x *index) ascend(prefix string, fn func(key string, o *object.Object) bool) {
	x.merge()
	i := sort.SearchStrings(x.sorted, prefix)
	for ; i < len(x.sorted); i++ {
		k := x.sorted[i]
		if !strings.HasPrefix(k, prefix) {
			return
		}
		if !fn(k, x.objs[k]) {
			return
		}
	}
}
