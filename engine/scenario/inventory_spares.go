package scenario

import "sync"

// spareInventories are the inventories of finished runs, emptied
// (release): the next run's fill the room their maps and sets grew to,
// rather than growing their own from nothing.
var spareInventories sync.Pool

// release empties v and gives it to the next run. The words it wrote
// stay with the results that hold them: v starts a new buffer. Nothing
// may use v afterwards.
func (v *inventories) release() {
	for _, inv := range v.used {
		inv.reads.reset()
		inv.watches.reset()
		inv.writes.reset()
		inv.calls.reset()
		inv.calledBy.reset()
		v.free = append(v.free, inv)
	}
	clear(v.used)
	v.used = v.used[:0]
	clear(v.byID)
	clear(v.actors)
	v.lastActor, v.lastInventory = "", actorInventory{}
	v.lastCall.verb, v.lastCall.from, v.lastCall.to = 0, "", ""
	v.words = words{}
	spareInventories.Put(v)
}

// reset empties the set, keeping its room; the entries go, so the set
// keeps none of their strings alive.
func (s *set[K]) reset() {
	clear(s.members)
	s.members, s.last = s.members[:0], 0
}
