package apiserver

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// topLevelMemo remembers, per kind, the last summary of a create (or of a
// delete) and the top-level content fields it was worked out from. Such a
// summary names only the object's top-level fields, so the next object
// of the kind with the same fields has the same one: checking that is a
// lookup of each remembered field, where working it out again iterates
// the object, names and sorts its fields and compares the result with the
// recent summaries. The zero value is ready to use.
type topLevelMemo struct {
	byKind map[string]*topLevelSummary
}

// topLevelSummary is a remembered summary and the content fields (the
// keys of Object.Content) it names.
type topLevelSummary struct {
	fields []string
	change *trace.Change
}

// lookup returns the remembered summary for o's top-level fields, or nil.
func (m *topLevelMemo) lookup(o *object.Object) *trace.Change {
	s := m.byKind[o.Kind]
	if s == nil || len(s.fields) != len(o.Content) {
		return nil
	}
	for _, f := range s.fields {
		if _, ok := o.Content[f]; !ok {
			return nil
		}
	}
	return s.change
}

// remember keeps ch as the summary of o's top-level fields.
func (m *topLevelMemo) remember(o *object.Object, ch *trace.Change) {
	if m.byKind == nil {
		m.byKind = map[string]*topLevelSummary{}
	}
	s := m.byKind[o.Kind]
	if s == nil {
		s = &topLevelSummary{}
		m.byKind[o.Kind] = s
	}
	s.fields = s.fields[:0]
	for k := range o.Content {
		s.fields = append(s.fields, k)
	}
	// In a fixed order, so that two runs leave equal memos (a run's
	// deferred changes reach the differ that holds them).
	slices.Sort(s.fields)
	s.change = ch
}
