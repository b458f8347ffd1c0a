package selector

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Op is a label requirement's operator (labels/selector.go, selection.Operator).
type Op uint8

// The operators of label requirements.
const (
	Equals Op = iota + 1
	NotEquals
	In
	NotIn
	Exists
	DoesNotExist
	GreaterThan
	LessThan
)

// Requirement is one term of a label selector.
type Requirement struct {
	Key    string
	Op     Op
	Values []string // one value for Equals, NotEquals, GreaterThan, LessThan
}

// Labels is a parsed label selector: its requirements are ANDed. The zero
// Labels (or one parsed from "") selects everything.
type Labels struct {
	reqs []Requirement
}

// Empty reports whether the selector selects everything.
func (s Labels) Empty() bool { return len(s.reqs) == 0 }

// Requirements returns the terms, in the order written.
func (s Labels) Requirements() []Requirement { return s.reqs }

// Matches reports whether labels satisfy every requirement.
func (s Labels) Matches(labels map[string]string) bool {
	for i := range s.reqs {
		if !s.reqs[i].matches(labels) {
			return false
		}
	}
	return true
}

func (r *Requirement) matches(labels map[string]string) bool {
	v, has := labels[r.Key]
	switch r.Op {
	case Equals, In:
		return has && contains(r.Values, v)
	case NotEquals, NotIn:
		return !has || !contains(r.Values, v)
	case Exists:
		return has
	case DoesNotExist:
		return !has
	case GreaterThan, LessThan:
		if !has {
			return false
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return false
		}
		want, _ := strconv.ParseInt(r.Values[0], 10, 64)
		if r.Op == GreaterThan {
			return n > want
		}
		return n < want
	}
	return false
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// ParseLabels parses a label selector as labels.Parse does. Errors are
// worded as kube-apiserver v1.37 words them (checked against a real one):
// a malformed term is "unable to parse requirement: found 'web' expected:
// '('", a malformed list "found ”, expected: identifier after ','"; the
// API server answers them with 400 BadRequest.
func ParseLabels(s string) (Labels, error) {
	p := &labelParser{lex: lexer{s: s}}
	reqs, err := p.parse()
	if err != nil {
		return Labels{}, err
	}
	return Labels{reqs: reqs}, nil
}

type labelParser struct {
	lex lexer
}

func (p *labelParser) parse() ([]Requirement, error) {
	var reqs []Requirement
	for {
		tok, lit := p.lex.peek()
		switch tok {
		case tokIdent, tokNot:
			r, err := p.requirement()
			if err != nil {
				return nil, fmt.Errorf("unable to parse requirement: %v", err)
			}
			reqs = append(reqs, r)
			t, l := p.lex.next()
			switch t {
			case tokEnd:
				return reqs, nil
			case tokComma:
				if t2, l2 := p.lex.peek(); t2 == tokEnd {
					return nil, fmt.Errorf("found '%s', expected: identifier after ','", l2)
				}
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or 'end of string'", l)
			}
		case tokEnd:
			return reqs, nil
		default:
			return nil, fmt.Errorf("found '%s', expected: !, identifier, or 'end of string'", lit)
		}
	}
}

func (p *labelParser) requirement() (Requirement, error) {
	var r Requirement
	tok, lit := p.lex.next()
	if tok == tokNot {
		r.Op = DoesNotExist
		tok, lit = p.lex.next()
		if tok != tokIdent {
			return r, fmt.Errorf("found '%s', expected: identifier", lit)
		}
	} else if tok != tokIdent {
		return r, fmt.Errorf("found '%s', expected: identifier", lit)
	}
	r.Key = lit
	if err := validateKey(r.Key); err != nil {
		return r, err
	}
	if r.Op == DoesNotExist {
		return r, nil
	}
	if t, _ := p.lex.peek(); t == tokEnd || t == tokComma {
		r.Op = Exists
		return r, nil
	}
	tok, lit = p.lex.next()
	switch tok {
	case tokIn:
		r.Op = In
	case tokNotIn:
		r.Op = NotIn
	case tokEq, tokDoubleEq:
		r.Op = Equals
	case tokNotEq:
		r.Op = NotEquals
	case tokGt:
		r.Op = GreaterThan
	case tokLt:
		r.Op = LessThan
	default:
		return r, fmt.Errorf("found '%s', expected: in, notin, =, ==, !=, gt, lt", lit)
	}
	var err error
	if r.Op == In || r.Op == NotIn {
		r.Values, err = p.set()
	} else {
		r.Values, err = p.exact()
	}
	if err != nil {
		return r, err
	}
	if r.Op == GreaterThan || r.Op == LessThan {
		if _, err := strconv.ParseInt(r.Values[0], 10, 64); err != nil {
			return r, fmt.Errorf("values[0]: Invalid value: %q: for 'Gt', 'Lt' operators, the value must be an integer", r.Values[0])
		}
		return r, nil
	}
	for i, v := range r.Values {
		if msgs := object.IsValidLabelValue(v); len(msgs) > 0 {
			return r, fmt.Errorf("values[%d][%s]: Invalid value: %q: %s", i, r.Key, v, strings.Join(msgs, "; "))
		}
	}
	return r, nil
}

// validateKey is newRequirement's key check; its error has no field path,
// which Kubernetes prints as "<nil>".
func validateKey(k string) error {
	if msgs := object.IsQualifiedName(k); len(msgs) > 0 {
		return fmt.Errorf("<nil>: Invalid value: %q: %s", k, strings.Join(msgs, "; "))
	}
	return nil
}

// exact reads the value of =, ==, !=, > and <: an identifier, or nothing
// (the empty value) before a comma or the end.
func (p *labelParser) exact() ([]string, error) {
	tok, lit := p.lex.peek()
	if tok == tokEnd || tok == tokComma {
		return []string{""}, nil
	}
	p.lex.next()
	if tok != tokIdent {
		return nil, fmt.Errorf("found '%s', expected: identifier", lit)
	}
	return []string{lit}, nil
}

// set reads "(a,b,...)"; "()" is the set holding the empty value.
func (p *labelParser) set() ([]string, error) {
	if tok, lit := p.lex.next(); tok != tokOpen {
		return nil, fmt.Errorf("found '%s' expected: '('", lit) // sic: no comma
	}
	var vals []string
	expectValue := true
	for {
		tok, lit := p.lex.next()
		switch tok {
		case tokIdent:
			if !expectValue {
				return nil, fmt.Errorf("found '%s', expected: ',' or ')'", lit)
			}
			vals = append(vals, lit)
			expectValue = false
		case tokComma:
			if expectValue {
				vals = append(vals, "")
			}
			expectValue = true
		case tokClose:
			if expectValue {
				vals = append(vals, "")
			}
			return vals, nil
		default:
			return nil, fmt.Errorf("found '%s', expected: ',' or ')'", lit)
		}
	}
}
