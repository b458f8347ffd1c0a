package apiserver

import "github.com/loopbook/loopbook/engine/cluster/trace"

// internedPaths is the most paths a summary the change table keeps may
// have: enough for a create's top-level fields and an update's few
// changes, which is what repeats (every lease renewal changes
// .spec.renewTime, every create of a kind sets the same fields).
const internedPaths = 8

// maxInterned bounds the change table, so that a run writing ever new
// shapes of objects does not grow it without end; past it, summaries are
// allocated as before.
const maxInterned = 4096

// changeKey is a change summary of up to internedPaths paths: how many
// are set and changed (the others are removed) and the paths in that
// order.
type changeKey struct {
	set, changed uint8
	paths        [internedPaths]string
}

// changeTable hands out one trace.Change per distinct summary: the trace
// only reads the changes it records (Event.Changes returns a copy whose
// lists are read, never written), so events with equal summaries may
// share one instead of each taking an allocation. The zero value is ready
// to use.
type changeTable struct {
	byKey map[changeKey]*trace.Change
}

// take is c.take(), the Change recorded for an equal summary before when
// there is one.
func (t *changeTable) take(c *changeSummary) *trace.Change {
	ns, nc, nr := len(c.Set), len(c.Changed), len(c.Removed)
	n := ns + nc + nr
	if n == 0 || n > internedPaths {
		return c.take()
	}
	k := changeKey{set: uint8(ns), changed: uint8(nc)}
	copy(k.paths[:], c.Set)
	copy(k.paths[ns:], c.Changed)
	copy(k.paths[ns+nc:], c.Removed)
	if ch, ok := t.byKey[k]; ok {
		c.reset()
		return ch
	}
	ch := c.take()
	if t.byKey == nil {
		t.byKey = map[changeKey]*trace.Change{}
	}
	if len(t.byKey) < maxInterned {
		t.byKey[k] = ch
	}
	return ch
}
