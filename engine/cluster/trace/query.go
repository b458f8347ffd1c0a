package trace

import (
	"iter"
	"slices"
	"strings"
)

// Pred is a condition on an event.
type Pred func(*Event) bool

// Query selects the events of a log between two positions that satisfy
// every predicate. Queries are values: Where and Between return new ones.
// A query reads the log when it runs, so it sees events appended since it
// was made.
type Query struct {
	l      *Log
	lo, hi int // [lo, hi); hi < 0 means the end of the log
	preds  []Pred
}

// Query returns a query over the whole log.
func (l *Log) Query(preds ...Pred) Query {
	return Query{l: l, hi: -1, preds: slices.Clone(preds)}
}

// Where adds predicates.
func (q Query) Where(preds ...Pred) Query {
	q.preds = append(slices.Clip(q.preds), preds...)
	return q
}

// Between narrows the query to positions [lo, hi).
func (q Query) Between(lo, hi int) Query {
	q.lo = max(q.lo, lo)
	if q.hi < 0 || hi < q.hi {
		q.hi = hi
	}
	return q
}

// After narrows the query to the events after position seq.
func (q Query) After(seq int) Query { q.lo = max(q.lo, seq+1); return q }

func (q Query) bounds() (int, int) {
	hi := q.l.n
	if q.hi >= 0 && q.hi < hi {
		hi = q.hi
	}
	return max(q.lo, 0), hi
}

func (q Query) match(e *Event) bool {
	for _, p := range q.preds {
		if !p(e) {
			return false
		}
	}
	return true
}

// All yields the matching events in order.
func (q Query) All() iter.Seq[*Event] {
	return func(yield func(*Event) bool) {
		lo, hi := q.bounds()
		for i := lo; i < hi; i++ {
			if e := q.l.At(i); q.match(e) && !yield(e) {
				return
			}
		}
	}
}

// First returns the first matching event.
func (q Query) First() (*Event, bool) {
	for e := range q.All() {
		return e, true
	}
	return nil, false
}

// Last returns the last matching event.
func (q Query) Last() (*Event, bool) {
	lo, hi := q.bounds()
	for i := hi - 1; i >= lo; i-- {
		if e := q.l.At(i); q.match(e) {
			return e, true
		}
	}
	return nil, false
}

// Count returns the number of matching events.
func (q Query) Count() int {
	n := 0
	for range q.All() {
		n++
	}
	return n
}

// Events returns the matching events.
func (q Query) Events() []*Event { return slices.Collect(q.All()) }

// From matches events whose From actor matches the glob pattern.
func From(pattern string) Pred {
	return func(e *Event) bool { return Glob(pattern, string(e.From)) }
}

// To matches events whose To actor matches the glob pattern.
func To(pattern string) Pred {
	return func(e *Event) bool { return Glob(pattern, string(e.To)) }
}

// Verbs matches events with any of the verbs.
func Verbs(vs ...Verb) Pred {
	vs = slices.Clone(vs)
	return func(e *Event) bool { return slices.Contains(vs, e.Verb) }
}

// Resource matches "RESOURCE" (no subresource) or "RESOURCE/SUB", each
// part a glob: "pods" matches Pod calls but not "pods/binding", "pods/*"
// matches every Pod subresource. "*" alone matches everything.
func Resource(pattern string) Pred {
	if pattern == "*" {
		return func(*Event) bool { return true }
	}
	res, sub, _ := strings.Cut(pattern, "/")
	return func(e *Event) bool { return Glob(res, e.Resource) && Glob(sub, e.Subresource) }
}

// Group matches events in an API group ("" is the core group).
func Group(g string) Pred {
	return func(e *Event) bool { return e.Group == g }
}

// Object matches "NAMESPACE/NAME", each part a glob, or "NAME" for
// cluster-scoped objects (and users, for AUTHENTICATE). "*" alone matches
// everything.
func Object(pattern string) Pred {
	if pattern == "*" {
		return func(*Event) bool { return true }
	}
	ns, name, namespaced := strings.Cut(pattern, "/")
	if !namespaced {
		return func(e *Event) bool { return e.Namespace == "" && Glob(ns, e.Name) }
	}
	return func(e *Event) bool { return Glob(ns, e.Namespace) && Glob(name, e.Name) }
}

// Code matches events whose outcome has the status code.
func Code(code int) Pred {
	return func(e *Event) bool { return e.Outcome.Code == code }
}

// Reason matches events whose outcome has the reason.
func Reason(reason string) Pred {
	return func(e *Event) bool { return e.Outcome.Reason == reason }
}

// Failed matches events whose outcome is a failure.
func Failed() Pred {
	return func(e *Event) bool { return e.Outcome.Failed() }
}

// WatchTypes matches NOTIFY events of any of the types.
func WatchTypes(ts ...WatchType) Pred {
	ts = slices.Clone(ts)
	return func(e *Event) bool { return slices.Contains(ts, e.WatchType) }
}

// InPhase matches ADMIT events of the phase, or AUDIT events of the stage.
func InPhase(p Phase) Pred {
	return func(e *Event) bool { return e.Phase == p }
}

// Not negates p.
func Not(p Pred) Pred { return func(e *Event) bool { return !p(e) } }

// Or matches events that satisfy any of ps.
func Or(ps ...Pred) Pred {
	ps = slices.Clone(ps)
	return func(e *Event) bool {
		for _, p := range ps {
			if p(e) {
				return true
			}
		}
		return false
	}
}

// Glob reports whether s matches pattern, in which "*" stands for any run
// of characters (including none) and every other character for itself.
func Glob(pattern, s string) bool {
	switch {
	case pattern == "*":
		return true
	case strings.IndexByte(pattern, '*') < 0:
		return pattern == s // most patterns name one actor, verb or object
	}
	// Greedy match, backtracking to the last star only: linear for
	// patterns with one star, O(len(pattern)*len(s)) at worst.
	p, i := 0, 0
	star, mark := -1, 0
	for i < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case p < len(pattern) && pattern[p] == s[i]:
			p++
			i++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
