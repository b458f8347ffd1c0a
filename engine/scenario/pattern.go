package scenario

import (
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// Matcher is a compiled trace pattern: a predicate over events that can
// also tell how close an event comes to matching.
type Matcher struct {
	p         *spec.Pattern
	actor, to glob
	// resource, group and subresource are the pattern's resource's
	// globs, namespace and name its object's (see resourceMatches and
	// objectMatches).
	resource, group, subresource glob
	namespace, name              glob
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
	m := &Matcher{p: p, actor: compileGlob(spec.ActorGlob(p.Actor.Text))}
	m.add(partVerb)
	m.add(partActor)
	if p.WatchType != 0 {
		m.add(partWatchType)
	}
	if p.Phase != 0 {
		m.add(partPhase)
	}
	if r := p.Resource; r != nil {
		m.resource, m.group, m.subresource = compileGlob(r.Resource), compileGlob(r.Group), compileGlob(r.Subresource)
		m.add(partResource)
	}
	if o := p.Object; o != nil {
		m.namespace, m.name = compileGlob(o.Namespace), compileGlob(o.Name)
		m.add(partObject)
	}
	if p.To != nil {
		m.to = compileGlob(spec.ActorGlob(p.To.Text))
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
		return m.actor.match(string(e.From))
	case partVerb:
		return e.Verb == m.p.Verb
	case partWatchType:
		return e.WatchType == m.p.WatchType
	case partPhase:
		return e.Phase == m.p.Phase
	case partResource:
		return m.resourceMatches(e)
	case partObject:
		return m.objectMatches(e)
	case partTo:
		return m.to.match(string(e.To))
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

// matchOfVerb is Match for an event of the pattern's verb, as the
// event index lists them: it skips the verb's test, which Compile puts
// first.
func (m *Matcher) matchOfVerb(e *trace.Event) bool {
	for _, t := range m.parts[1:m.n] {
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
func (m *Matcher) resourceMatches(e *trace.Event) bool {
	if !m.resource.match(e.Resource) {
		return false
	}
	if m.group.pattern != "" && !m.group.match(e.Group) {
		return false
	}
	if m.subresource.pattern == "" {
		return e.Subresource == ""
	}
	return m.subresource.match(e.Subresource)
}

// objectMatches applies NAMESPACE/NAME, or NAME for a cluster-scoped
// object, a user (AUTHENTICATE) or a path.
func (m *Matcher) objectMatches(e *trace.Event) bool {
	if m.p.Object.Namespaced {
		return m.namespace.match(e.Namespace) && m.name.match(e.Name)
	}
	if m.name.kind == globAny {
		return true
	}
	return e.Namespace == "" && m.name.match(e.Name)
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
