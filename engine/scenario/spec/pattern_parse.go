package spec

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/diag"
)

// ParsePattern parses a trace pattern written at a lesson position (on
// one line from at).
func ParsePattern(s string, at diag.Pos) (*Pattern, error) {
	w := newWords(textAt(s, at))
	p := w.pattern(w.toks, "pattern")
	if err := w.errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

var countWord = regexp.MustCompile(`^x[0-9]+$`)

// isClause reports whether t starts one of the clauses that may follow a
// pattern's resource and object.
func isClause(t string) bool {
	return t == "all" || t == "to" || t == "=>" || countWord.MatchString(t)
}

// pattern parses ts as a pattern; what names it in messages ("pattern",
// "expect"). It returns nil after recording errors.
func (w *words) pattern(ts []token, what string) *Pattern {
	n := len(w.errs)
	if len(ts) == 0 {
		w.errorf(w.end(), "empty %s", what).WithHint(`a pattern is ACTOR VERB [RESOURCE] [NAMESPACE/NAME], as in "alice CREATE deployments demo/web"`)
		return nil
	}
	for _, t := range ts {
		if !w.closed(t) {
			return nil
		}
	}
	first, last := ts[0], ts[len(ts)-1]
	p := &Pattern{Pos: w.pos(first), Text: string(w.t.runes[first.off : last.off+len([]rune(last.text))])}
	if isVerbWord(first.text) {
		w.at(first, "a %s starts with the acting actor; %q is a verb", what, first.text).
			WithHint(`write the actor first, as in "alice CREATE deployments demo/web"`)
		return nil
	}
	if !validActor(first.text) {
		w.at(first, "%q is not an actor", first.text).
			WithHint(`an actor is a word such as alice, apiserver, scheduler or kubelet/worker-a`)
		return nil
	}
	p.Actor = w.word(first)
	if len(ts) == 1 {
		w.errorf(w.after(first), "expected a verb after the actor %q", first.text).WithHint(verbHint(""))
		return nil
	}
	vt := ts[1]
	v, ok := trace.ParseVerb(vt.text)
	if !ok {
		w.at(vt, "unknown verb %q", vt.text).WithHint(verbHint(vt.text))
		return nil
	}
	p.Verb, p.VerbPos = v, w.pos(vt)
	rest := ts[2:]
	rest = w.qualifier(p, rest)
	var obj []token
	for len(rest) > 0 && !isClause(rest[0].text) {
		obj, rest = append(obj, rest[0]), rest[1:]
	}
	w.patternObject(p, obj)
	w.clauses(p, rest)
	if len(w.errs) > n {
		return nil
	}
	return p
}

// qualifier reads NOTIFY's watch type, ADMIT's phase or AUDIT's stage, if
// written.
func (w *words) qualifier(p *Pattern, ts []token) []token {
	if len(ts) == 0 {
		return ts
	}
	t := ts[0]
	switch p.Verb {
	case trace.Notify:
		var wt trace.WatchType
		if wt.UnmarshalText([]byte(t.text)) == nil {
			p.WatchType = wt
			return ts[1:]
		}
		if wt.UnmarshalText([]byte(strings.ToUpper(t.text))) == nil {
			w.at(t, "watch event types are upper case").WithHint("did you mean " + strconv.Quote(strings.ToUpper(t.text)) + "?")
			return ts[1:]
		}
	case trace.Admit, trace.Audit:
		var ph trace.Phase
		if ph.UnmarshalText([]byte(t.text)) == nil && (ph >= trace.RequestReceived) == (p.Verb == trace.Audit) {
			p.Phase = ph
			return ts[1:]
		}
	}
	return ts
}

// patternObject reads the resource and object words.
func (w *words) patternObject(p *Pattern, ts []token) {
	switch len(ts) {
	case 0:
	case 1:
		t := ts[0]
		if strings.HasPrefix(t.text, "/") || takesSubject(p.Verb) {
			p.Object = w.objectPattern(t)
		} else {
			p.Resource = w.resourcePattern(t)
		}
	case 2:
		if p.Verb == trace.Authenticate {
			w.at(ts[0], "AUTHENTICATE names only the user").
				WithHint(`write "apiserver AUTHENTICATE alice"`)
			return
		}
		p.Resource = w.resourcePattern(ts[0])
		p.Object = w.objectPattern(ts[1])
	default:
		w.at(ts[2], "unexpected %q: a pattern names at most a resource and an object", ts[2].text).
			WithHint(`after them come only xN or all, "to ACTOR" and "=> OUTCOME"`)
	}
}

var resourcePart = regexp.MustCompile(`^[a-z0-9*][a-z0-9.*-]*$`)

// resourcePattern parses RESOURCE[.GROUP][/SUB].
func (w *words) resourcePattern(t token) *ResourcePattern {
	res, sub, hasSub := strings.Cut(t.text, "/")
	r := &ResourcePattern{Text: t.text, Pos: w.pos(t), Subresource: sub}
	r.Resource, r.Group, _ = strings.Cut(res, ".")
	switch {
	case strings.ToLower(t.text) != t.text:
		lower := strings.ToLower(res)
		if !strings.HasSuffix(lower, "s") {
			lower += "s"
		}
		w.at(t, "resource %q: resources are written in lower case, plural, as in API paths", t.text).
			WithHint("did you mean " + strconv.Quote(lower+strings.TrimPrefix(t.text, res)) + "?")
		return nil
	case !resourcePart.MatchString(res), hasSub && !resourcePart.MatchString(sub), strings.Count(t.text, "/") > 1:
		w.at(t, "bad resource %q", t.text).
			WithHint(`write RESOURCE or RESOURCE/SUBRESOURCE, as in "pods" or "pods/binding"`)
		return nil
	}
	return r
}

// objectPattern parses NAMESPACE/NAME, NAME, or a non-resource path.
func (w *words) objectPattern(t token) *ObjectPattern {
	o := &ObjectPattern{Text: t.text, Pos: w.pos(t)}
	if strings.HasPrefix(t.text, "/") {
		o.Name = t.text
		return o
	}
	ns, name, namespaced := strings.Cut(t.text, "/")
	if namespaced && (ns == "" || name == "" || strings.Contains(name, "/")) || strings.ContainsAny(t.text, `"[]`) {
		w.at(t, "bad object %q", t.text).WithHint(`write NAMESPACE/NAME, or NAME for a cluster-scoped object`)
		return nil
	}
	if namespaced {
		o.Namespace, o.Name, o.Namespaced = ns, name, true
	} else {
		o.Name = ns
	}
	return o
}
