package spec

import (
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
)

// Op is a comparison operator of a claim.
type Op uint8

// The operators. Exists and Missing take no value; Matches and Lacks take
// a /regular expression/ (Go syntax): the value has a match of it, or
// none.
const (
	_ Op = iota
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	Matches
	Lacks
	Exists
	Missing
)

var opNames = [...]string{Eq: "==", Ne: "!=", Lt: "<", Le: "<=", Gt: ">", Ge: ">=", Matches: "matches", Lacks: "lacks", Exists: "exists", Missing: "missing"}

// String returns the operator as written.
func (o Op) String() string {
	if o == 0 || int(o) >= len(opNames) {
		return "Op(" + strconv.Itoa(int(o)) + ")"
	}
	return opNames[o]
}

// parseOp returns the operator written w.
func parseOp(w string) (Op, bool) {
	for i, n := range opNames {
		if i > 0 && n == w {
			return Op(i), true
		}
	}
	return 0, false
}

// Value is the right-hand side of a comparison: a number, a word or a
// "quoted text". Quoted values are always text; an unquoted value that
// reads as a number compares as one.
type Value struct {
	// Text is the value without its quotes.
	Text   string
	Quoted bool
	Pos    diag.Pos
}

// IsSet reports whether the value was written.
func (v Value) IsSet() bool { return v.Pos.Line > 0 }

// Number returns the value as a number when it is an unquoted number.
func (v Value) Number() (float64, bool) {
	if v.Quoted {
		return 0, false
	}
	f, err := strconv.ParseFloat(v.Text, 64)
	return f, err == nil
}

// FieldPath is a field path as claims write it (".status.conditions[type=Ready].status"),
// parsed with the object model's path syntax.
type FieldPath struct {
	Text string
	Path object.Path
	Pos  diag.Pos
}

// ObjectRef names one object: KIND NAMESPACE/NAME, or KIND NAME for a
// cluster-scoped object.
type ObjectRef struct {
	Kind      Word
	Namespace string
	Name      string
	// Namespaced is true when written NAMESPACE/NAME.
	Namespaced bool
	// Pos is the position of the kind, NamePos of the name.
	Pos     diag.Pos
	NamePos diag.Pos
}

// ObjectSelector picks objects: by name (Name, which may hold "*"), or by
// Selector in Namespace.
type ObjectSelector struct {
	Kind Word
	// Namespace is "" for a cluster-scoped pick; "*" for every namespace.
	Namespace string
	// Name is set for a pick by name or name glob.
	Name     string
	Selector *Selector
	// Pos is the position of the kind; NamePos that of the word after it
	// (NAMESPACE/NAME, NAME or NAMESPACE), unset for a selector alone.
	Pos     diag.Pos
	NamePos diag.Pos
}

// IsGlob reports whether the selector may pick several objects.
func (s ObjectSelector) IsGlob() bool {
	return s.Selector != nil || containsStar(s.Name)
}

// Selector is a comma-separated list of requirements, all of which must
// hold: labels ("app=web") and, for keys under metadata., spec. or
// status., fields ("status.phase=Pending").
type Selector struct {
	Text  string
	Terms []Requirement
	Pos   diag.Pos
}

// Requirement is one term of a selector.
type Requirement struct {
	Key string
	// Op is "=" (also written "==") or "!=".
	Op    string
	Value string
	// Field is true for a field selector (metadata.*, spec.*, status.*).
	Field bool
	Pos   diag.Pos
}

func containsStar(s string) bool {
	for _, r := range s {
		if r == '*' {
			return true
		}
	}
	return false
}
