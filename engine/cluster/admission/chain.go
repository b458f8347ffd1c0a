package admission

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Mutator is an admission plugin that reports, as field paths, what its
// Admit changed, so the chain can trace the change without diffing the
// object. Every mutating plugin of this package is one; a plugin that is
// not is traced only when it rejects a request.
type Mutator interface {
	api.AdmissionPlugin
	// AdmitChanges is Admit that also appends the fields it set, changed
	// or removed to ch (never nil).
	AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status
}

// Chain runs admission plugins in a fixed order. It implements
// api.Admission and is used from one goroutine, like the rest of the
// model.
type Chain struct {
	plugins  []api.AdmissionPlugin
	mutators []Mutator // mutators[i] is plugins[i] as a Mutator, or nil
	rec      recorder
	scratch  trace.Change // collects one Mutate's changes; copied into its event
	scopes   scopes       // which plugins run for which requests (Scoped)
}

var _ api.Admission = (*Chain)(nil)

// NewChain returns a chain that runs plugins in the given order (use
// NewDefault, or SortPlugins, for kube-apiserver's order). It panics if
// cfg.Log is set without cfg.Now.
func NewChain(cfg Config, plugins ...api.AdmissionPlugin) *Chain {
	c := &Chain{plugins: plugins, mutators: make([]Mutator, len(plugins)), rec: newRecorder(cfg)}
	for i, p := range plugins {
		c.mutators[i], _ = p.(Mutator)
	}
	return c
}

// Plugins returns the plugins in the order they run.
func (c *Chain) Plugins() []api.AdmissionPlugin {
	return append([]api.AdmissionPlugin(nil), c.plugins...)
}

// Mutate runs every plugin's Admit in order (but those of Scoped plugins
// that do not handle the request) and returns the first rejection, or
// nil. It records one mutating ADMIT event.
func (c *Chain) Mutate(a *api.AdmissionAttributes) *api.Status {
	ch := &c.scratch
	ch.Set, ch.Changed, ch.Removed = ch.Set[:0], ch.Changed[:0], ch.Removed[:0]
	var acted []string
	for _, i := range c.scopes.of(c, a).mutate {
		p := c.plugins[i]
		var st *api.Status
		if m := c.mutators[i]; m != nil {
			before := changeCount(*ch)
			st = m.AdmitChanges(a, ch)
			if changeCount(*ch) > before && st == nil {
				acted = append(acted, p.Name())
			}
		} else {
			st = p.Admit(a)
		}
		if st != nil {
			c.record(a, trace.Mutating, *ch, append(acted, p.Name()), st)
			return st
		}
	}
	c.record(a, trace.Mutating, *ch, acted, nil)
	return nil
}

// Validate runs every plugin's Validate in order (but those of Scoped
// plugins that do not handle the request) and returns the first
// rejection, or nil. It records one validating ADMIT event.
func (c *Chain) Validate(a *api.AdmissionAttributes) *api.Status {
	for _, i := range c.scopes.of(c, a).validate {
		p := c.plugins[i]
		if st := p.Validate(a); st != nil {
			c.record(a, trace.Validating, trace.Change{}, []string{p.Name()}, st)
			return st
		}
	}
	c.record(a, trace.Validating, trace.Change{}, nil, nil)
	return nil
}

// record appends the phase's ADMIT event: the plugins that acted in
// Detail, the fields they changed, and the rejection if any.
func (c *Chain) record(a *api.AdmissionAttributes, phase trace.Phase, ch trace.Change, acted []string, st *api.Status) {
	if !c.rec.on() {
		return
	}
	e := c.rec.add(a, trace.Admit, phase)
	e.Outcome = outcome(st)
	if changeCount(ch) > 0 {
		// Not Change.OrNil: its copy is moved to the heap even when the
		// change is empty, as it is for every validating phase.
		e.Change = &trace.Change{Set: cloneOrNil(ch.Set), Changed: cloneOrNil(ch.Changed), Removed: cloneOrNil(ch.Removed)}
	}
	e.Detail = strings.Join(acted, ", ")
}

func cloneOrNil(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	return slices.Clone(l)
}

func changeCount(ch trace.Change) int { return len(ch.Set) + len(ch.Changed) + len(ch.Removed) }
