package apiserver

import (
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// maxDeferredChanges is how many deferred changes a plane keeps before it
// works them all out: each holds its two objects, so a long run that
// reads none of its changes must not keep every old version of every
// object alive (stored objects never change, so working one out later
// gives what working it out at once would have).
const maxDeferredChanges = 4096

// deferredChange is the summary of an update from old to new, worked out
// when the trace first reads it (trace.Change.Defer): a run reads the
// changes of the few events its steps and claims show, and a field by
// field comparison costs more than the rest of a write.
type deferredChange struct {
	c        trace.Change
	once     sync.Once
	differ   *changeDiffer
	old, new *object.Object
}

// Summarize implements trace.ChangeSource: the first call sets d.c's
// lists and lets go of the objects.
func (d *deferredChange) Summarize(*trace.Change) {
	d.once.Do(func() {
		if ch := d.differ.diff(d.old, d.new); ch != nil {
			d.c.Set, d.c.Changed, d.c.Removed = ch.Set, ch.Changed, ch.Removed
		}
		d.old, d.new = nil, nil
	})
}

// deferChange records the change from old to new, both present, as a
// deferred one.
func (p *Plane) deferChange(old, new *object.Object) *trace.Change {
	if len(p.deferred) == maxDeferredChanges {
		for _, d := range p.deferred {
			d.c.Resolve()
		}
		clear(p.deferred)
		p.deferred = p.deferred[:0]
	}
	d := &deferredChange{differ: p.differ, old: old, new: new}
	d.c.Defer(d)
	p.deferred = append(p.deferred, d)
	return &d.c
}
