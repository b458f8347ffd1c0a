package scenario

import "sync"

// spareChanges are the change lists of finished runs' histories,
// emptied (release): a run records a few thousand changes, which the
// next run's history records into rather than growing a list of its own.
var spareChanges sync.Pool

// release empties the history's list of changes and gives it to the next
// run's history. The objects it held stay with whatever read them;
// nothing may use h afterwards.
func (h *History) release() {
	clear(h.changes)
	c := h.changes[:0]
	h.changes = nil
	spareChanges.Put(&c)
}
