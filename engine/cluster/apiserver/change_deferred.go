package apiserver

import (
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// deferredChange is the summary of an update from old to new, worked out
// when the trace first reads it (trace.Log.Defer): a run reads the
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
func (d *deferredChange) Summarize() {
	d.once.Do(func() {
		if ch := d.differ.diff(d.old, d.new); ch != nil {
			d.c.Set, d.c.Changed, d.c.Removed = ch.Set, ch.Changed, ch.Removed
		}
		d.old, d.new = nil, nil
	})
}

// deferChange records the change from old to new, both present, as a
// deferred one (trace.Log.Defer).
func (p *Plane) deferChange(old, new *object.Object) *trace.Change {
	d := &deferredChange{differ: p.differ, old: old, new: new}
	p.cfg.Trace.Defer(&d.c, d)
	return &d.c
}
