package apiserver

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// recentChanges is how many of the latest distinct summaries the change
// table compares a new one with: enough for what repeats between writes
// (every Lease renewal changes .spec.renewTime, every create of a kind
// sets the same top-level fields) without hashing each summary.
const recentChanges = 16

// changeTable hands out one trace.Change per distinct summary among the
// recent ones: the trace only reads the changes it records (Event.Changes
// returns a copy whose lists are read, never written), so events with
// equal summaries may share one instead of each taking an allocation. The
// zero value is ready to use.
type changeTable struct {
	recent [recentChanges]*trace.Change
	next   int // the slot the next new summary takes
}

// take is c.take(), or the Change recorded for an equal summary among the
// recent ones.
func (t *changeTable) take(c *changeSummary) *trace.Change {
	if len(c.Set)+len(c.Changed)+len(c.Removed) == 0 {
		return c.take()
	}
	for _, ch := range t.recent {
		if ch != nil && slices.Equal(ch.Set, c.Set) && slices.Equal(ch.Changed, c.Changed) && slices.Equal(ch.Removed, c.Removed) {
			c.reset()
			return ch
		}
	}
	ch := c.take()
	t.recent[t.next] = ch
	t.next = (t.next + 1) % recentChanges
	return ch
}
