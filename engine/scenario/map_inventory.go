package scenario

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// inventories collect each map actor's inventory from trace events. The
// sets hold the events' own fields, compared without building a string
// per event; the words ("GET pods", "PERSIST to etcd") are written once
// per distinct entry, when an inventory is read.
type inventories struct {
	byID map[string]*inventory
	// actors caches each trace actor's map id and inventory.
	actors map[trace.Actor]actorInventory
	// lastActor is the trace actor asked about last, and lastInventory
	// its entry: an API server's request is a run of events from it.
	lastActor     trace.Actor
	lastInventory actorInventory
	// lastCall is the direct call added last: a request's PERSIST to
	// etcd follows many others, each already in both inventories.
	lastCall struct {
		verb     trace.Verb
		from, to trace.Actor
	}
	// words writes every inventory's words, into one buffer.
	words words
	// used lists the inventories of byID in the order they came; free
	// are emptied ones, with their sets' room, for actor to take before
	// making new ones (see release).
	used, free []*inventory
}

// actorInventory is a trace actor's map id and the inventory of that id.
type actorInventory struct {
	id  string
	inv *inventory
}

// inventory is one map actor's sets of API operations and direct calls.
type inventory struct {
	reads, watches, writes set[apiOp]
	calls, calledBy        set[directCall]
}

// apiOp is an API operation as an inventory lists it: "VERB resource"
// (see EventResource).
type apiOp struct {
	verb                         trace.Verb
	group, resource, subresource string
}

// directCall is a direct call as an inventory lists it: "VERB to PEER"
// or "VERB from PEER".
type directCall struct {
	verb trace.Verb
	peer string
}

func newInventories() *inventories {
	if v, ok := spareInventories.Get().(*inventories); ok {
		return v
	}
	return &inventories{byID: map[string]*inventory{}, actors: map[trace.Actor]actorInventory{}}
}

// event adds one event to the inventories: an API verb to its actor's
// reads, watches or writes; a direct call (PROXY, WEBHOOK, EXTERNAL,
// PERSIST, a node-local call, HTTP) to the caller's calls and the callee's
// calledBy.
func (v *inventories) event(e *trace.Event) {
	switch e.Verb {
	case trace.Get, trace.List:
		v.actor(e.From).inv.reads.add(apiOp{e.Verb, e.Group, e.Resource, e.Subresource})
	case trace.Watch:
		v.actor(e.From).inv.watches.add(apiOp{e.Verb, e.Group, e.Resource, e.Subresource})
	case trace.Create, trace.Update, trace.Patch, trace.Delete, trace.DeleteCollection:
		v.actor(e.From).inv.writes.add(apiOp{e.Verb, e.Group, e.Resource, e.Subresource})
	case trace.Proxy, trace.Webhook, trace.External, trace.Persist:
		if c := &v.lastCall; c.verb == e.Verb && c.from == e.From && c.to == e.To {
			return
		}
		v.lastCall.verb, v.lastCall.from, v.lastCall.to = e.Verb, e.From, e.To
		from, to := v.actor(e.From), v.actor(e.To)
		from.inv.calls.add(directCall{e.Verb, to.id})
		to.inv.calledBy.add(directCall{e.Verb, from.id})
	default:
		if e.Verb.Kind() == trace.KindNodeLocal || e.Verb == trace.HTTP {
			if e.To != "" && e.To != e.From {
				v.actor(e.From).inv.calls.add(directCall{e.Verb, string(e.To)})
				v.actor(e.To).inv.calledBy.add(directCall{e.Verb, string(e.From)})
			}
		}
	}
}

// actor returns a trace actor's map id and inventory, made on first use.
func (v *inventories) actor(a trace.Actor) actorInventory {
	if a == v.lastActor && v.lastInventory.inv != nil {
		return v.lastInventory
	}
	if ai, ok := v.actors[a]; ok {
		v.lastActor, v.lastInventory = a, ai
		return ai
	}
	id := result.MapID(string(a))
	inv := v.byID[id]
	if inv == nil {
		if n := len(v.free); n > 0 {
			inv, v.free = v.free[n-1], v.free[:n-1]
		} else {
			inv = &inventory{}
		}
		v.byID[id] = inv
		v.used = append(v.used, inv)
	}
	ai := actorInventory{id: id, inv: inv}
	v.actors[a] = ai
	return ai
}

// set is a small set of inventory entries, in the order they came. An
// actor's set holds a few entries and the actor mostly repeats the one
// it did last (a component renews its Lease again and again), so the
// set is a list searched from the entry met last: without hashing the
// entry's strings, and without a map per set.
type set[K comparable] struct {
	members []K
	// last is the index of the entry added or met last.
	last int
}

// add puts k in the set unless it is there.
func (s *set[K]) add(k K) {
	if s.last < len(s.members) && s.members[s.last] == k {
		return
	}
	if i := slices.Index(s.members, k); i >= 0 {
		s.last = i
		return
	}
	if s.members == nil {
		// Most sets end with a few entries: room for four spares the
		// growth from one to two to four.
		s.members = make([]K, 0, 4)
	}
	s.last = len(s.members)
	s.members = append(s.members, k)
}

// of returns the sorted inventory of a map actor.
func (v *inventories) of(id string) result.Inventory {
	inv := v.byID[id]
	if inv == nil {
		return result.Inventory{}
	}
	w := &v.words
	return result.Inventory{Reads: w.ops(inv.reads.members), Watches: w.ops(inv.watches.members), Writes: w.ops(inv.writes.members),
		Calls: w.calls(inv.calls.members, " to "), CalledBy: w.calls(inv.calledBy.members, " from ")}
}

// ops writes a set of API operations as sorted "VERB resource" words
// (the resource as EventResource writes it).
func (w *words) ops(set []apiOp) []string {
	if len(set) == 0 {
		return nil
	}
	size := 0
	for _, op := range set {
		size += len(op.verb.String()) + 1 + len(op.resource) + len(op.subresource) + 2
		if op.resource != "" && op.group != "" {
			size += len(op.group)
		}
	}
	w.begin(len(set), size)
	for _, op := range set {
		w.start()
		w.b.WriteString(op.verb.String())
		w.b.WriteByte(' ')
		w.b.WriteString(op.resource)
		if op.resource != "" && op.group != "" {
			w.b.WriteByte('.')
			w.b.WriteString(op.group)
		}
		if op.subresource != "" {
			w.b.WriteByte('/')
			w.b.WriteString(op.subresource)
		}
		w.end()
	}
	// Two operations can read the same ("GET " for a resourceless event,
	// whatever its group).
	return slices.Compact(w.sorted())
}

// calls writes a set of direct calls as sorted "VERB<dir>PEER" words.
func (w *words) calls(set []directCall, dir string) []string {
	if len(set) == 0 {
		return nil
	}
	size := 0
	for _, c := range set {
		size += len(c.verb.String()) + len(dir) + len(c.peer)
	}
	w.begin(len(set), size)
	for _, c := range set {
		w.start()
		w.b.WriteString(c.verb.String())
		w.b.WriteString(dir)
		w.b.WriteString(c.peer)
		w.end()
	}
	return w.sorted()
}

// words writes lists of words into buffers that only grow, each word a
// slice of one: a word taken from a builder's String stays as it was
// while later words are written, in that builder or in the next one.
// The lists themselves are slices of one array, each capped at its own
// length.
type words struct {
	b    strings.Builder
	from int
	out  []string
	// lists is the array the lists are cut from, its length the part
	// taken.
	lists []string
}

// minWordsBuffer and minWordsLists are the least room a new buffer and a
// new array of lists are made with: a map's inventories write a few
// kilobytes of words, in a few hundred words.
const (
	minWordsBuffer = 2048
	minWordsLists  = 128
)

// begin starts a list of n words of at most size bytes in all. The words
// go into the current buffer when it has room for them, and otherwise
// into a new one: the old one is not copied, as the words already taken
// from it keep it.
func (w *words) begin(n, size int) {
	if w.b.Cap()-w.b.Len() < size {
		w.b = strings.Builder{}
		w.b.Grow(max(size, minWordsBuffer))
	}
	if cap(w.lists)-len(w.lists) < n {
		w.lists = make([]string, 0, max(n, minWordsLists))
	}
	from := len(w.lists)
	w.lists = w.lists[:from+n]
	w.out = w.lists[from : from : from+n]
}

// start begins a word.
func (w *words) start() { w.from = w.b.Len() }

// end ends the word begun by start.
func (w *words) end() { w.out = append(w.out, w.b.String()[w.from:]) }

// sorted returns the words, sorted.
func (w *words) sorted() []string {
	slices.Sort(w.out)
	return w.out
}
