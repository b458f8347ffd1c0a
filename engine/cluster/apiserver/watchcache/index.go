package watchcache

import (
	"slices"
	"sort"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store/keymap"
)

// index holds the current objects by store key, with their keys in order
// for lists. New keys are sorted in lazily, at the next ordered read, so a
// burst of creates costs one sort rather than one insertion each.
type index struct {
	objs   keymap.Map[*object.Object]
	sorted []string // ordered keys; may hold deleted ones until the next merge
	// pending holds the keys added since the last merge, in blocks: a
	// long run of creates between two ordered reads adds a block now and
	// then rather than copying an ever longer list.
	pending  [][]string
	npending int // the number of keys in pending
	deleted  int // deleted keys still in sorted
}

// pendingBlock is the number of keys a block of pending holds, unless
// reserve sized it for a list. The first block holds firstPendingBlock,
// and each next one twice the one before up to pendingBlock, so that the
// many caches that hold a few objects stay small.
const (
	pendingBlock      = 512
	firstPendingBlock = 8
)

// newIndex returns an empty index; its map is made by the first put.
func newIndex() index { return index{} }

// reserve makes room for n keys about to be put, as a list brings them.
func (x *index) reserve(n int) {
	if n == 0 {
		return
	}
	x.objs.Reserve(n)
	if x.npending == 0 {
		x.pending = x.pending[:0] // the list's block replaces the empty one
	}
	x.pending = append(x.pending, make([]string, 0, n))
}

func (x *index) len() int { return x.objs.Len() }

func (x *index) get(key string) (*object.Object, bool) {
	return x.objs.Get(key)
}

func (x *index) put(key string, o *object.Object) {
	_, had := x.objs.Get(key)
	x.set(key, o, had)
}

// set is put for a caller that has just looked key up: had says whether
// it is there.
func (x *index) set(key string, o *object.Object, had bool) {
	if !had {
		x.addPending(key)
	}
	x.objs.Put(key, o)
}

// addPending records a key added since the last merge.
func (x *index) addPending(key string) {
	n := len(x.pending)
	if n == 0 || len(x.pending[n-1]) == cap(x.pending[n-1]) {
		size := firstPendingBlock
		if n > 0 {
			size = min(max(2*cap(x.pending[n-1]), firstPendingBlock), pendingBlock)
		}
		x.pending = append(x.pending, make([]string, 0, size))
		n++
	}
	x.pending[n-1] = append(x.pending[n-1], key)
	x.npending++
}

// takePending returns the keys added since the last merge, in one list,
// and forgets them. The first block is kept for the keys added next: the
// list may be that block, so the caller clears it once done with it.
func (x *index) takePending() []string {
	if len(x.pending) == 0 {
		return nil
	}
	keys := x.pending[0]
	if len(x.pending) > 1 {
		keys = make([]string, 0, x.npending)
		for _, b := range x.pending {
			keys = append(keys, b...)
			clear(b)
		}
	}
	clear(x.pending[1:])
	x.pending = x.pending[:1]
	x.pending[0] = x.pending[0][:0]
	x.npending = 0
	return keys
}

func (x *index) remove(key string) {
	if x.objs.Delete(key) {
		x.deleted++
	}
}

func (x *index) reset() {
	x.objs.Clear()
	x.sorted, x.deleted = x.sorted[:0], 0
	clear(x.takePending())
}

// merge brings sorted up to date: live keys only, in order.
func (x *index) merge() {
	if x.npending == 0 && x.deleted == 0 {
		return
	}
	// With no key removed since the last merge, every key in sorted is
	// still cached, and so is every pending one: they need no look-up.
	allLive := x.deleted == 0
	pending := x.takePending()
	slices.Sort(pending)
	out := make([]string, 0, x.objs.Len())
	i, j := 0, 0
	for i < len(x.sorted) || j < len(pending) {
		var k string
		if j >= len(pending) || (i < len(x.sorted) && x.sorted[i] < pending[j]) {
			k = x.sorted[i]
			i++
		} else {
			k = pending[j]
			j++
		}
		if (len(out) == 0 || out[len(out)-1] != k) && (allLive || x.isLive(k)) {
			out = append(out, k)
		}
	}
	clear(pending)
	x.sorted, x.deleted = out, 0
}

// isLive reports whether key is cached.
func (x *index) isLive(key string) bool {
	_, ok := x.objs.Get(key)
	return ok
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
		o, _ := x.objs.Get(k)
		if !fn(k, o) {
			return
		}
	}
}
