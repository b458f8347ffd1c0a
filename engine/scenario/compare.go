package scenario

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// valueText prints a field's value as claims show it: scalars as
// written, maps and lists as compact JSON, an absent field as <none>.
func valueText(v any, ok bool) string {
	if !ok {
		return "<none>"
	}
	switch v := v.(type) {
	case string:
		return v
	case nil:
		return "null"
	case map[string]any, []any:
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Sprint(v)
		}
		return string(b)
	}
	return fmt.Sprint(v)
}

// number reads a field's value as a number: JSON numbers, and strings
// that read as one.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case int64:
		return float64(v), true
	case float64:
		return v, true
	case int:
		return float64(v), true
	case string:
		f, err := strconv.ParseFloat(v, 64)
		return f, err == nil
	}
	return 0, false
}

// quantity reads a value as a resource quantity ("500m", "1Gi").
func quantity(s string) (object.Quantity, bool) {
	q, err := object.ParseQuantity(s)
	return q, err == nil
}

// order compares got with want: numbers as numbers, then quantities as
// quantities, and reports false when neither applies.
func order(got any, want spec.Value) (int, bool) {
	if w, ok := want.Number(); ok {
		if g, ok := number(got); ok {
			switch {
			case g < w:
				return -1, true
			case g > w:
				return 1, true
			}
			return 0, true
		}
	}
	if want.Quoted {
		return 0, false
	}
	if w, ok := quantity(want.Text); ok {
		gs, isStr := got.(string)
		if !isStr {
			gs = fmt.Sprint(got)
		}
		if g, ok := quantity(gs); ok {
			return g.Cmp(w), true
		}
	}
	return 0, false
}

// compare applies op to a field's value (present or not) and the claim's
// right-hand side. The error is for a regular expression that does not
// compile.
func compare(got any, present bool, op spec.Op, want spec.Value, re *spec.Word) (bool, error) {
	switch op {
	case spec.Exists:
		return present, nil
	case spec.Missing:
		return !present, nil
	case spec.Matches, spec.Lacks:
		if re == nil {
			return false, fmt.Errorf("%s without an expression", op)
		}
		rx, err := compileRegexp(re.Text)
		if err != nil {
			return false, err
		}
		found := present && rx.MatchString(valueText(got, present))
		return found == (op == spec.Matches), nil
	}
	if !present {
		return op == spec.Ne, nil
	}
	c, ordered := order(got, want)
	if !ordered {
		eq := valueText(got, true) == want.Text
		switch op {
		case spec.Eq:
			return eq, nil
		case spec.Ne:
			return !eq, nil
		}
		return false, nil
	}
	switch op {
	case spec.Eq:
		return c == 0, nil
	case spec.Ne:
		return c != 0, nil
	case spec.Lt:
		return c < 0, nil
	case spec.Le:
		return c <= 0, nil
	case spec.Gt:
		return c > 0, nil
	case spec.Ge:
		return c >= 0, nil
	}
	return false, nil
}

// compiled keeps each regular expression of a claim compiled, with its
// error when it does not compile, by its text: an until evaluates its
// claim again at each store change, a failures block checks its claims
// once per run. A compiled expression is safe for concurrent use. The
// texts are the lessons' own, so the set stays small; in a long serve
// session, where every edit of an expression adds one, it stops growing
// at maxCompiled and later texts are compiled at each use.
var (
	compiled      sync.Map
	compiledCount atomic.Int32
)

// maxCompiled bounds compiled.
const maxCompiled = 4096

// regexpResult is a compiled expression or its error.
type regexpResult struct {
	re  *regexp.Regexp
	err error
}

// compileRegexp is regexp.Compile, once per text.
func compileRegexp(text string) (*regexp.Regexp, error) {
	if r, ok := compiled.Load(text); ok {
		return r.(regexpResult).re, r.(regexpResult).err
	}
	re, err := regexp.Compile(text)
	if compiledCount.Load() < maxCompiled {
		if _, loaded := compiled.LoadOrStore(text, regexpResult{re, err}); !loaded {
			compiledCount.Add(1)
		}
	}
	return re, err
}

// expectation words what a comparison wants ("== 3", "matches /^web-/",
// "exists").
func expectation(op spec.Op, want spec.Value, re *spec.Word) string {
	switch op {
	case spec.Exists, spec.Missing:
		return op.String()
	case spec.Matches, spec.Lacks:
		if re != nil {
			return op.String() + " /" + re.Text + "/"
		}
	}
	if want.Quoted {
		return op.String() + " " + strconv.Quote(want.Text)
	}
	return op.String() + " " + want.Text
}
