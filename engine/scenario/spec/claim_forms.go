package spec

import (
	"slices"
	"strconv"
	"strings"
)

// isPath reports whether t is a field path.
func isPath(t token) bool { return strings.HasPrefix(t.text, ".") }

// fieldClaim parses KIND OBJECTS .path OP VALUE [after …].
func (w *words) fieldClaim(b ClaimBase, ts []token) Claim {
	kind, ok := w.kind(ts[0])
	if !ok {
		return nil
	}
	i := slices.IndexFunc(ts, isPath)
	objs, ok := w.objects(kind, ts[1:i], w.pos(ts[i]))
	if !ok {
		return nil
	}
	path, ok := w.path(ts[i])
	if !ok {
		return nil
	}
	op, v, re, rest, ok := w.comparison(ts[i+1:], w.after(ts[i]))
	if !ok {
		return nil
	}
	after, ok := w.afterClause(rest)
	if !ok {
		return nil
	}
	return &FieldClaim{ClaimBase: b, Objects: objs, Path: path, Op: op, Value: v, Regex: re, After: after}
}

// countClaim parses count KIND [NS] [SELECTOR] OP N [after …].
func (w *words) countClaim(b ClaimBase, ts []token) Claim {
	if len(ts) < 2 {
		w.errorf(w.after(ts[0]), `expected a kind after "count"`).WithHint(`as in "count pods demo app=web == 3"`)
		return nil
	}
	kind, ok := w.kind(ts[1])
	if !ok {
		return nil
	}
	k := slices.IndexFunc(ts[2:], func(t token) bool { _, ok := parseOp(t.text); return ok })
	if k < 0 {
		if _, err := strconv.Atoi(ts[len(ts)-1].text); err == nil && len(ts) >= 4 {
			w.op(ts[len(ts)-2], true)
			return nil
		}
		w.errorf(w.end(), "expected an operator and a number").WithHint(`as in "count pods demo app=web == 3"`)
		return nil
	}
	k += 2
	c := &CountClaim{ClaimBase: b, Kind: kind}
	mid := ts[2:k]
	switch {
	case len(mid) == 0:
	case len(mid) == 1 && strings.Contains(mid[0].text, "="):
		c.Selector, ok = w.selector(mid[0])
	case len(mid) == 1:
		ns := w.word(mid[0])
		c.Namespace, ok = &ns, w.namespace(mid[0])
	case len(mid) == 2 && strings.Contains(mid[1].text, "="):
		ns := w.word(mid[0])
		c.Namespace = &ns
		ok = w.namespace(mid[0])
		sel, ok2 := w.selector(mid[1])
		c.Selector, ok = sel, ok && ok2
	default:
		w.at(mid[len(mid)-1], "unexpected %q", mid[len(mid)-1].text).
			WithHint(`write count KIND [NAMESPACE] [KEY=VALUE,…] OP N`)
		return nil
	}
	if !ok {
		return nil
	}
	if c.Op, ok = w.op(ts[k], true); !ok {
		return nil
	}
	if len(ts) == k+1 {
		w.errorf(w.after(ts[k]), "expected a number after %q", ts[k].text)
		return nil
	}
	if c.N, ok = w.integer(ts[k+1]); !ok {
		return nil
	}
	if c.After, ok = w.afterClause(ts[k+2:]); !ok {
		return nil
	}
	return c
}

// namespace checks a namespace word.
func (w *words) namespace(t token) bool {
	if t.text != "*" && !idWord.MatchString(t.text) {
		w.at(t, "%q is not a namespace", t.text)
		return false
	}
	return true
}

// valuesClaim parses values KIND NS/NAME .path == [v1, v2, …].
func (w *words) valuesClaim(b ClaimBase, ts []token) Claim {
	hint := `write values KIND NAMESPACE/NAME .path == [v1, v2, …]`
	isList := func(t token) bool { return strings.HasPrefix(t.text, "[") }
	isEq := func(t token) bool { return t.text == "==" }
	parts := []struct {
		ok   func(token) bool
		what string
	}{{nil, "a kind"}, {nil, "NAMESPACE/NAME"}, {isPath, "a field path"}, {isEq, `"=="`}, {isList, "a list [v1, v2, …]"}}
	for i, part := range parts {
		switch j := i + 1; {
		case j >= len(ts):
			w.errorf(w.end(), "expected %s", part.what).WithHint(hint)
			return nil
		case part.ok != nil && !part.ok(ts[j]):
			w.at(ts[j], "expected %s, got %q", part.what, ts[j].text).WithHint(hint)
			return nil
		}
	}
	if len(ts) > 6 {
		w.at(ts[6], "unexpected %q after the list", ts[6].text)
		return nil
	}
	kind, ok := w.kind(ts[1])
	if !ok {
		return nil
	}
	ref, ok := w.objectRef(kind, ts[2])
	if !ok {
		return nil
	}
	path, ok := w.path(ts[3])
	if !ok {
		return nil
	}
	vals, ok := w.list(ts[5])
	if !ok {
		return nil
	}
	return &ValuesClaim{ClaimBase: b, Object: ref, Path: path, Values: vals}
}

// list reads [v1, v2, …]: items separated by commas, each a word or a
// "quoted text".
func (w *words) list(t token) ([]Value, bool) {
	rs := []rune(t.text)
	if len(rs) < 2 || rs[len(rs)-1] != ']' {
		w.at(t, "expected a list [v1, v2, …], got %q", t.text)
		return nil, false
	}
	var out []Value
	start := 1
	inQuote := false
	for i := 1; i < len(rs); i++ {
		switch {
		case inQuote && rs[i] == '\\':
			i++
		case rs[i] == '"':
			inQuote = !inQuote
		case !inQuote && (rs[i] == ',' || i == len(rs)-1):
			item := strings.TrimSpace(string(rs[start:i]))
			lead := len([]rune(string(rs[start:i]))) - len([]rune(strings.TrimLeft(string(rs[start:i]), " \t")))
			pos := w.t.pos(t.off + start + lead)
			if item == "" {
				if i == len(rs)-1 && len(out) == 0 && start == 1 {
					w.at(t, "empty list").WithHint("list the values the field took, in order")
				} else {
					w.errorf(pos, "empty item in list %s", t.text)
				}
				return nil, false
			}
			s, quoted := unquote(item)
			out = append(out, Value{Text: s, Quoted: quoted, Pos: pos})
			start = i + 1
		}
	}
	return out, true
}

// changeClaim parses unchanged|changed KIND OBJECTS .path.
func (w *words) changeClaim(b ClaimBase, ts []token) Claim {
	i := slices.IndexFunc(ts, isPath)
	if len(ts) < 2 || i < 0 {
		w.errorf(w.end(), "expected KIND, the object and a field path after %q", ts[0].text).
			WithHint(`as in "unchanged pod demo/web-b .metadata.uid"`)
		return nil
	}
	kind, ok := w.kind(ts[1])
	if !ok {
		return nil
	}
	objs, ok := w.objects(kind, ts[2:i], w.pos(ts[i]))
	if !ok {
		return nil
	}
	path, ok := w.path(ts[i])
	if !ok {
		return nil
	}
	if len(ts) > i+1 {
		w.at(ts[i+1], "unexpected %q after the field path", ts[i+1].text)
		return nil
	}
	return &ChangeClaim{ClaimBase: b, Changed: ts[0].text == "changed", Objects: objs, Path: path}
}

// eventsClaim parses "events PATTERN OP N".
func (w *words) eventsClaim(b ClaimBase, ts []token) Claim {
	k := -1
	for i := len(ts) - 1; i > 0; i-- {
		if _, ok := parseOp(ts[i].text); ok {
			k = i
			break
		}
	}
	if k < 0 || k != len(ts)-2 {
		w.errorf(w.end(), "expected a pattern, an operator and a number").WithHint(`as in "events alice LIST pods demo <= 2"`)
		return nil
	}
	p := w.pattern(ts[1:k], `pattern after "events"`)
	if p == nil {
		return nil
	}
	op, ok := w.op(ts[k], true)
	if !ok {
		return nil
	}
	n, ok := w.integer(ts[k+1])
	if !ok {
		return nil
	}
	return &EventsClaim{ClaimBase: b, Pattern: p, Op: op, N: n}
}
