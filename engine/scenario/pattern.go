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
	// parts are the tests the pattern writes, in order; the first n
	// are set.
	parts [maxParts]part
	n     int
}

// part is one test of a pattern.
type part uint8

// The tests of a pattern, in the order Compile lists them.
const (
	partActor part = iota
	partVerb
	partWatchType
	partPhase
	partResource
	partObject
	partTo
	partOutcome
	maxParts
)

// Compile compiles a pattern. Every part the pattern writes is one test:
// verb, actor, qualifier (watch type or admission phase), resource,
// object, addressed actor, outcome. The verb, one comparison that most
// events fail, is tested first.
func Compile(p *spec.Pattern) *Matcher {
	m := &Matcher{p: p, actor: spec.ActorGlob(p.Actor.Text)}
	m.add(partVerb)
	m.add(partActor)
	if p.WatchType != 0 {
		m.add(partWatchType)
	}
	if p.Phase != 0 {
		m.add(partPhase)
	}
	if p.Resource != nil {
		m.add(partResource)
	}
	if p.Object != nil {
		m.add(partObject)
	}
	if p.To != nil {
		m.to = spec.ActorGlob(p.To.Text)
		m.add(partTo)
	}
	if p.Outcome != nil {
		m.add(partOutcome)
	}
	return m
}

// add appends a test.
func (m *Matcher) add(t part) {
	m.parts[m.n] = t
	m.n++
}

// test applies one test to e.
func (m *Matcher) test(t part, e *trace.Event) bool {
	switch t {
	case partActor:
		return trace.Glob(m.actor, string(e.From))
	case partVerb:
		return e.Verb == m.p.Verb
	case partWatchType:
		return e.WatchType == m.p.WatchType
	case partPhase:
		return e.Phase == m.p.Phase
	case partResource:
		return resourceMatches(m.p.Resource, e)
	case partObject:
		return objectMatches(m.p.Object, e)
	case partTo:
		return trace.Glob(m.to, string(e.To))
	case partOutcome:
		return outcomeMatches(m.p.Outcome, e.Outcome)
	}
	return false
}

// Pattern returns the compiled pattern.
func (m *Matcher) Pattern() *spec.Pattern { return m.p }

// Match reports whether e matches every part of the pattern.
func (m *Matcher) Match(e *trace.Event) bool {
	for _, t := range m.parts[:m.n] {
		if !m.test(t, e) {
			return false
		}
	}
	return true
}

// Score returns how many parts of the pattern e satisfies, and how many
// parts the pattern has.
func (m *Matcher) Score(e *trace.Event) (int, int) {
	n := 0
	for _, t := range m.parts[:m.n] {
		if m.test(t, e) {
			n++
		}
	}
	return n, m.n
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
