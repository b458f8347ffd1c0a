package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Matcher is a compiled trace pattern: a predicate over events that can
// also tell how close an event comes to matching.
type Matcher struct {
	p     *spec.Pattern
	actor string
	to    string
	parts []func(*trace.Event) bool
}

// Compile compiles a pattern. Every part the pattern writes is one test:
// actor, verb, qualifier (watch type or admission phase), resource,
// object, addressed actor, outcome.
func Compile(p *spec.Pattern) *Matcher {
	m := &Matcher{p: p, actor: spec.ActorGlob(p.Actor.Text)}
	m.parts = append(m.parts,
		func(e *trace.Event) bool { return trace.Glob(m.actor, string(e.From)) },
		func(e *trace.Event) bool { return e.Verb == p.Verb })
	if p.WatchType != 0 {
		m.parts = append(m.parts, func(e *trace.Event) bool { return e.WatchType == p.WatchType })
	}
	if p.Phase != 0 {
		m.parts = append(m.parts, func(e *trace.Event) bool { return e.Phase == p.Phase })
	}
	if r := p.Resource; r != nil {
		m.parts = append(m.parts, func(e *trace.Event) bool { return resourceMatches(r, e) })
	}
	if o := p.Object; o != nil {
		m.parts = append(m.parts, func(e *trace.Event) bool { return objectMatches(o, e) })
	}
	if p.To != nil {
		m.to = spec.ActorGlob(p.To.Text)
		m.parts = append(m.parts, func(e *trace.Event) bool { return trace.Glob(m.to, string(e.To)) })
	}
	if o := p.Outcome; o != nil {
		m.parts = append(m.parts, func(e *trace.Event) bool { return outcomeMatches(o, e.Outcome) })
	}
	return m
}

// Pattern returns the compiled pattern.
func (m *Matcher) Pattern() *spec.Pattern { return m.p }

// Match reports whether e matches every part of the pattern.
func (m *Matcher) Match(e *trace.Event) bool {
	for _, f := range m.parts {
		if !f(e) {
			return false
		}
	}
	return true
}

// Score returns how many parts of the pattern e satisfies, and how many
// parts the pattern has.
func (m *Matcher) Score(e *trace.Event) (int, int) {
	n := 0
	for _, f := range m.parts {
		if f(e) {
			n++
		}
	}
	return n, len(m.parts)
}

// resourceMatches applies RESOURCE[.GROUP][/SUB]: a resource written
// without a subresource matches only calls without one.
func resourceMatches(r *spec.ResourcePattern, e *trace.Event) bool {
	if !trace.Glob(r.Resource, e.Resource) {
		return false
	}
	if r.Group != "" && !trace.Glob(r.Group, e.Group) {
		return false
	}
	if r.Subresource == "" {
		return e.Subresource == ""
	}
	return trace.Glob(r.Subresource, e.Subresource)
}

// objectMatches applies NAMESPACE/NAME, or NAME for a cluster-scoped
// object, a user (AUTHENTICATE) or a path.
func objectMatches(o *spec.ObjectPattern, e *trace.Event) bool {
	if o.Namespaced {
		return trace.Glob(o.Namespace, e.Namespace) && trace.Glob(o.Name, e.Name)
	}
	if o.Name == "*" {
		return true
	}
	return e.Namespace == "" && trace.Glob(o.Name, e.Name)
}

// outcomeMatches applies "=> OUTCOME".
func outcomeMatches(o *spec.OutcomePattern, got trace.Outcome) bool {
	switch {
	case o.OK && got.Failed(), o.Failed && !got.Failed():
		return false
	case o.Code != 0 && got.Code != o.Code:
		return false
	case o.Reason != "" && got.Reason != o.Reason:
		return false
	}
	return true
}
