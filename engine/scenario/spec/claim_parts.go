package spec

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
)

var pathOffset = regexp.MustCompile(` at offset (\d+)$`)

var kindWord = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9.-]*$`)

// kind reads a KIND word ("pod", "deployments", "deploy").
func (w *words) kind(t token) (Word, bool) {
	if !kindWord.MatchString(t.text) {
		w.at(t, "%q is not a kind", t.text).WithHint(`a kind is a word such as pod, deployment or nodes`)
		return Word{}, false
	}
	return w.word(t), true
}

// path reads a field path, which claims start with ".".
func (w *words) path(t token) (FieldPath, bool) {
	if !strings.HasPrefix(t.text, ".") {
		w.at(t, "expected a field path starting with \".\", got %q", t.text).
			WithHint(`as in ".status.readyReplicas" or ".status.conditions[type=Ready].status"`)
		return FieldPath{}, false
	}
	p, err := object.ParsePath(t.text)
	if err != nil {
		msg := err.Error()
		if _, rest, ok := strings.Cut(msg, "\": "); ok {
			msg = rest
		}
		pos := w.pos(t)
		if m := pathOffset.FindStringSubmatch(msg); m != nil {
			// Point at the offending character of the path.
			if n, err := strconv.Atoi(m[1]); err == nil && n <= len(t.text) {
				pos = w.t.pos(t.off + utf8.RuneCountInString(t.text[:n]))
				msg = strings.TrimSuffix(msg, m[0])
			}
		}
		w.errorf(pos, "bad field path %q: %s", t.text, msg).
			WithHint(`paths take .name, [N], [key=value] and ["dotted.key"]`)
		return FieldPath{}, false
	}
	return FieldPath{Text: t.text, Path: p, Pos: w.pos(t)}, true
}

// op reads a comparison operator. cmp limits it to ==, !=, <, <=, >, >=.
func (w *words) op(t token, cmp bool) (Op, bool) {
	o, ok := parseOp(t.text)
	if ok && (!cmp || o <= Ge) {
		return o, true
	}
	names := opNames[1:]
	if cmp {
		names = opNames[1 : Ge+1]
	}
	hint := diag.DidYouMean(t.text, names)
	switch t.text {
	case "=", "is", "equals":
		hint = `did you mean "=="?`
	case "=<", "≤":
		hint = `did you mean "<="?`
	case "=>", "≥":
		hint = `did you mean ">="?`
	}
	if ok {
		w.at(t, "%q cannot be used here", t.text).WithHint("expected one of == != < <= > >=")
	} else {
		w.at(t, "unknown operator %q", t.text).WithHint(hint)
	}
	return 0, false
}

// value reads the right-hand side of a comparison.
func (w *words) value(t token) (Value, bool) {
	if strings.HasPrefix(t.text, "[") {
		w.at(t, "a list cannot be compared with %s", "an operator").
			WithHint(`lists of values belong to "values KIND NS/NAME .path == [v1, v2]"`)
		return Value{}, false
	}
	s, quoted := unquote(t.text)
	return Value{Text: s, Quoted: quoted, Pos: w.pos(t)}, true
}

// regex reads the /expression/ of matches and lacks.
func (w *words) regex(t token) (*Word, bool) {
	if len(t.text) < 2 || t.text[0] != '/' || t.text[len(t.text)-1] != '/' {
		w.at(t, "expected a /regular expression/ after the operator, got %q", t.text)
		return nil, false
	}
	re := t.text[1 : len(t.text)-1]
	if _, err := regexp.Compile(re); err != nil {
		msg := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
		w.at(t, "bad regular expression %s: %s", t.text, msg)
		return nil, false
	}
	return &Word{Text: re, Pos: w.pos(t)}, true
}

// comparison reads OP VALUE (or OP /re/, or exists/missing) from ts and
// returns what is left.
func (w *words) comparison(ts []token, at diag.Pos) (Op, Value, *Word, []token, bool) {
	if len(ts) == 0 {
		w.errorf(at, "expected an operator").WithHint("one of == != < <= > >= matches lacks exists missing")
		return 0, Value{}, nil, nil, false
	}
	o, ok := w.op(ts[0], false)
	if !ok {
		return 0, Value{}, nil, nil, false
	}
	if o == Exists || o == Missing {
		return o, Value{}, nil, ts[1:], true
	}
	if len(ts) < 2 {
		w.errorf(w.after(ts[0]), "expected a value after %q", ts[0].text)
		return 0, Value{}, nil, nil, false
	}
	if o == Matches || o == Lacks {
		re, ok := w.regex(ts[1])
		return o, Value{}, re, ts[2:], ok
	}
	v, ok := w.value(ts[1])
	return o, v, nil, ts[2:], ok
}

var idWord = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// after reads `after "Step title"` or `after ACTION_ID`.
func (w *words) afterClause(ts []token) (*After, bool) {
	if len(ts) == 0 {
		return nil, true
	}
	if ts[0].text != "after" {
		w.at(ts[0], "unexpected %q", ts[0].text).WithHint(`a field claim may end with after "Step title" or after ACTION_ID`)
		return nil, false
	}
	if len(ts) == 1 {
		w.errorf(w.after(ts[0]), `expected a "Step title" or an action id after "after"`)
		return nil, false
	}
	if len(ts) > 2 {
		w.at(ts[2], "unexpected %q", ts[2].text).WithHint(`quote a step title that has spaces: after "Bind Pods"`)
		return nil, false
	}
	a := &After{Pos: w.pos(ts[0])}
	if s, quoted := unquote(ts[1].text); quoted {
		a.Step = &Word{Text: s, Pos: w.pos(ts[1])}
		return a, true
	}
	if !idWord.MatchString(ts[1].text) {
		w.at(ts[1], "%q is not an action id", ts[1].text).WithHint(`quote a step title: after "Bind Pods"`)
		return nil, false
	}
	id := w.word(ts[1])
	a.Action = &id
	return a, true
}

// integer reads a whole number of zero or more.
func (w *words) integer(t token) (Scalar[int], bool) {
	n, err := strconv.Atoi(t.text)
	if err != nil || n < 0 {
		w.at(t, "expected a whole number, got %q", t.text)
		return Scalar[int]{}, false
	}
	return Scalar[int]{Value: n, Pos: w.pos(t)}, true
}
