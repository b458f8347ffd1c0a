package watchcache

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Predicate selects the objects a list or watch is about
// (storage.SelectionPredicate): a key prefix (the namespace, or one
// object), then the label and field selectors.
type Predicate struct {
	// Prefix is the store key prefix: the resource's, a namespace's within
	// it, or one object's full key when Exact.
	Prefix string
	Exact  bool
	Labels selector.Labels
	Fields selector.Fields
	// FieldSet reads the fields of Fields; required when Fields is not
	// empty.
	FieldSet *selector.FieldSet
}

// MatchesKey reports whether key is within the predicate's prefix.
func (p *Predicate) MatchesKey(key string) bool {
	if p.Exact {
		return key == p.Prefix
	}
	return len(key) >= len(p.Prefix) && key[:len(p.Prefix)] == p.Prefix
}

// Matches reports whether o, stored at key, is selected.
func (p *Predicate) Matches(key string, o *object.Object) bool {
	return p.MatchesKey(key) && p.MatchesObject(o)
}

// MatchesObject reports whether o, stored at a key the predicate
// matches, is selected: whether the selectors select it.
func (p *Predicate) MatchesObject(o *object.Object) bool {
	if !p.Labels.Empty() && !p.Labels.Matches(o.Meta.Labels) {
		return false
	}
	return p.Fields.Empty() || p.Fields.Matches(p.FieldSet, o)
}
