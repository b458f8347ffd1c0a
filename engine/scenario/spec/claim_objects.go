package spec

import (
	"regexp"
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// objectRef reads NAMESPACE/NAME or NAME.
func (w *words) objectRef(kind Word, t token) (ObjectRef, bool) {
	r := ObjectRef{Kind: kind, Pos: kind.Pos, NamePos: w.pos(t)}
	ns, name, namespaced := strings.Cut(t.text, "/")
	if ns == "" || namespaced && (name == "" || strings.Contains(name, "/")) || strings.ContainsAny(t.text, `"[]=`) {
		w.at(t, "bad object name %q", t.text).WithHint(`write NAMESPACE/NAME, or NAME for a cluster-scoped object`)
		return r, false
	}
	if namespaced {
		r.Namespace, r.Name, r.Namespaced = ns, name, true
	} else {
		r.Name = ns
	}
	return r, true
}

// objects reads the objects a claim is about: NS/NAME, NAME (each may
// hold "*"), SELECTOR, or NS SELECTOR.
func (w *words) objects(kind Word, ts []token, at diag.Pos) (ObjectSelector, bool) {
	s := ObjectSelector{Kind: kind, Pos: kind.Pos}
	switch {
	case len(ts) == 0:
		w.errorf(at, "expected the object after %q", kind.Text).
			WithHint(`write NAMESPACE/NAME, NAME, or NAMESPACE SELECTOR, as in "pods demo app=web"`)
		return s, false
	case len(ts) == 1 && strings.Contains(ts[0].text, "="):
		sel, ok := w.selector(ts[0])
		s.Selector = sel
		return s, ok
	case len(ts) == 1:
		r, ok := w.objectRef(kind, ts[0])
		s.Namespace, s.Name, s.NamePos = r.Namespace, r.Name, r.NamePos
		return s, ok
	case len(ts) == 2 && strings.Contains(ts[1].text, "=") && !strings.ContainsAny(ts[0].text, "/="):
		s.Namespace, s.NamePos = ts[0].text, w.pos(ts[0])
		sel, ok := w.selector(ts[1])
		s.Selector = sel
		return s, ok
	}
	w.at(ts[1], "unexpected %q", ts[1].text).
		WithHint(`objects are NAMESPACE/NAME, NAME, or NAMESPACE SELECTOR; a field path starts with "."`)
	return s, false
}

var selectorKey = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$`)

// selector reads KEY=VALUE[,KEY!=VALUE…].
func (w *words) selector(t token) (*Selector, bool) {
	s := &Selector{Text: t.text, Pos: w.pos(t)}
	off := 0
	for _, term := range strings.Split(t.text, ",") {
		r := Requirement{Pos: w.t.pos(t.off + off)}
		var ok bool
		switch {
		case strings.Contains(term, "!="):
			r.Key, r.Value, _ = strings.Cut(term, "!=")
			r.Op, ok = "!=", true
		case strings.Contains(term, "=="):
			r.Key, r.Value, _ = strings.Cut(term, "==")
			r.Op, ok = "=", true
		default:
			r.Key, r.Value, ok = strings.Cut(term, "=")
			r.Op = "="
		}
		if !ok || !selectorKey.MatchString(r.Key) || strings.ContainsAny(r.Value, "=!\"") {
			w.errorf(w.t.pos(t.off+off), "bad selector term %q", term).
				WithHint(`a selector is KEY=VALUE terms joined by commas, as in "app=web,status.phase=Pending"`)
			return nil, false
		}
		for _, p := range []string{"metadata.", "spec.", "status."} {
			if strings.HasPrefix(r.Key, p) {
				r.Field = true
			}
		}
		s.Terms = append(s.Terms, r)
		off += len([]rune(term)) + 1
	}
	return s, true
}
