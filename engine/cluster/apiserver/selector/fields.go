package selector

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// FieldTerm is one term of a field selector: Field = Value, or != when Not.
type FieldTerm struct {
	Field string
	Value string
	Not   bool
}

// Fields is a parsed field selector: its terms are ANDed. The zero Fields
// selects everything.
type Fields struct {
	terms []FieldTerm
}

// Empty reports whether the selector selects everything.
func (s Fields) Empty() bool { return len(s.terms) == 0 }

// Terms returns the terms, in the order written.
func (s Fields) Terms() []FieldTerm { return s.terms }

// RequiresExactMatch returns the value the selector requires field to
// equal, as fields.Selector.RequiresExactMatch does: the API server uses it
// to narrow a list to one namespace or one name.
func (s Fields) RequiresExactMatch(field string) (string, bool) {
	for _, t := range s.terms {
		if t.Field == field && !t.Not {
			return t.Value, true
		}
	}
	return "", false
}

// Matches reports whether o satisfies every term, reading fields through
// set.
func (s Fields) Matches(set *FieldSet, o *object.Object) bool {
	for _, t := range s.terms {
		if (set.Value(o, t.Field) == t.Value) == t.Not {
			return false
		}
	}
	return true
}

// ParseFields parses a field selector as fields.ParseSelector does. A
// malformed term is `invalid selector: 'S'; can't understand 'TERM'`.
func ParseFields(s string) (Fields, error) {
	var out Fields
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, term := range splitTerms(s) {
		t, ok := parseTerm(term)
		if !ok {
			return Fields{}, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", s, term)
		}
		out.terms = append(out.terms, t)
	}
	return out, nil
}

// splitTerms splits on commas not escaped by a backslash.
func splitTerms(s string) []string {
	var terms []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ',':
			terms = append(terms, s[start:i])
			start = i + 1
		}
	}
	return append(terms, s[start:])
}

// parseTerm finds the first unescaped operator, trying != and == before =,
// as fields/selector.go's splitTerm does.
func parseTerm(term string) (FieldTerm, bool) {
	for i := 0; i < len(term); i++ {
		if term[i] == '\\' {
			i++
			continue
		}
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(term[i:], op) {
				t := FieldTerm{Field: unescape(term[:i]), Value: unescape(term[i+len(op):]), Not: op == "!="}
				return t, true
			}
		}
	}
	return FieldTerm{}, false
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
