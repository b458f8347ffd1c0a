package spec

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// actionForm is one kind of action: its key, the other keys it takes and
// which of them it needs.
type actionForm struct {
	key      string
	request  bool // sent as a user: takes and needs "as"
	extra    []string
	required []string
}

var actionForms = []actionForm{
	{key: "apply", request: true},
	{key: "create", request: true},
	{key: "get", request: true},
	{key: "delete", request: true},
	{key: "patch", request: true, extra: []string{"with"}, required: []string{"with"}},
	{key: "scale", request: true, extra: []string{"replicas"}, required: []string{"replicas"}},
	{key: "logs", request: true, extra: []string{"container"}},
	{key: "exec", request: true, extra: []string{"container", "command"}, required: []string{"command"}},
	{key: "raw", request: true, extra: []string{"body"}},
	{key: "fault"},
	{key: "restore"},
	{key: "traffic"},
	{key: "wait"},
	{key: "until", extra: []string{"limit"}},
}

// actionKeys lists every key an action may hold.
func actionKeys() []string {
	keys := []string{"id", "as"}
	for _, f := range actionForms {
		keys = append(keys, f.key)
		for _, e := range f.extra {
			if !slices.Contains(keys, e) {
				keys = append(keys, e)
			}
		}
	}
	return keys
}

func actionVerbs() []string {
	out := make([]string, len(actionForms))
	for i, f := range actionForms {
		out[i] = f.key
	}
	return out
}

// run reads a scenario's run list.
func (p *parser) run(n *yaml.Node) []Action {
	var out []Action
	ids := map[string]diag.Pos{}
	for _, c := range p.items(n, "run") {
		a := p.action(c)
		if a == nil {
			continue
		}
		if id := a.Base().ID; id.IsSet() {
			if first, dup := ids[id.Value]; dup {
				p.errorf(id.Pos, "duplicate action id %q", id.Value).WithHint(fmt.Sprintf("the first is at line %d", first.Line))
			}
			ids[id.Value] = id.Pos
		}
		out = append(out, a)
	}
	return out
}

// action reads one action, returning nil after recording errors.
func (p *parser) action(n *yaml.Node) Action {
	if n.Kind != yaml.MappingNode {
		p.nodeErr(n, "an action is a mapping, not %s", describe(n)).
			WithHint(`write it as "- wait: 30s", or "- as: alice" with "apply: |" on the next line`)
		return nil
	}
	var form *actionForm
	var verbKey *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		for j := range actionForms {
			if actionForms[j].key != k.Value {
				continue
			}
			if form != nil {
				p.nodeErr(k, "an action does one thing: %q and %q are two actions", verbKey.Value, k.Value).
					WithHint("put each in its own list item")
				return nil
			}
			form, verbKey = &actionForms[j], k
		}
	}
	if form == nil {
		p.noActionVerb(n)
		return nil
	}
	before := len(p.errs)
	base := ActionBase{Pos: p.nodePos(n)}
	var req Request
	var act func(v *yaml.Node) Action
	vals := map[string]*yaml.Node{}
	fs := []field{
		{"id", func(_, v *yaml.Node) { base.ID = p.actionID(v) }},
		{form.key, func(_, v *yaml.Node) { vals[form.key] = v }},
	}
	required := slices.Clone(form.required)
	if form.request {
		fs = append(fs, field{"as", func(_, v *yaml.Node) { req.As = p.user(v) }})
		required = append(required, "as")
	}
	for _, e := range form.extra {
		fs = append(fs, field{e, func(_, v *yaml.Node) { vals[e] = v }})
	}
	p.fields(n, form.key+" action", fs, required...)
	if vals[form.key] == nil {
		return nil
	}
	for _, r := range form.required {
		if vals[r] == nil {
			return nil
		}
	}
	act = p.actionValue(form.key, &base, &req, vals)
	if act == nil {
		return nil
	}
	a := act(vals[form.key])
	if len(p.errs) > before {
		return nil
	}
	return a
}

// noActionVerb explains a mapping that names no action.
func (p *parser) noActionVerb(n *yaml.Node) {
	all := actionKeys()
	verbs := actionVerbs()
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !slices.Contains(all, k.Value) {
			p.nodeErr(k, "unknown action %q", k.Value).WithHint(diag.DidYouMean(k.Value, verbs))
			return
		}
	}
	p.nodeErr(n, "this action does nothing").WithHint("an action has one of " + strings.Join(verbs, ", "))
}

// actionID reads an action id.
func (p *parser) actionID(n *yaml.Node) Scalar[string] {
	s := p.str(n, "id")
	if s.IsSet() && !idWord.MatchString(s.Value) {
		p.nodeErr(n, "%q cannot be an action id", s.Value).WithHint(`an id is letters, digits, "-" and "_", as in create-web`)
		return Scalar[string]{}
	}
	return s
}

// user reads the user of "as".
func (p *parser) user(n *yaml.Node) Scalar[string] {
	s := p.str(n, "as")
	if s.IsSet() && (!validActor(s.Value) || strings.ContainsAny(s.Value, "/*")) {
		p.nodeErr(n, "%q cannot be a user", s.Value)
		return Scalar[string]{}
	}
	return s
}

// words returns the words of scalar n, or nil after recording an error.
func (p *parser) words(n *yaml.Node, key string) *words {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.nodeErr(n, "%q expects text, not %s", key, describe(n)).WithHint(quoteHint(n))
		return nil
	}
	return newWords(p.textOf(n))
}

// with runs f on the words of n and records their errors.
func (p *parser) with(n *yaml.Node, key string, f func(w *words)) {
	if w := p.words(n, key); w != nil {
		f(w)
		p.add(w.errs)
	}
}

// claimOf parses the claim written in n.
func (p *parser) claimOf(n *yaml.Node, key string) Claim {
	var c Claim
	p.with(n, key, func(w *words) { c = w.claim(w.toks) })
	return c
}

// patternOf parses the pattern written in n.
func (p *parser) patternOf(n *yaml.Node, key string) *Pattern {
	var pat *Pattern
	p.with(n, key, func(w *words) { pat = w.pattern(w.toks, key) })
	return pat
}

// faultOf parses the fault written in n.
func (p *parser) faultOf(n *yaml.Node, key string) *Fault {
	var f *Fault
	p.with(n, key, func(w *words) { f = w.fault(w.toks) })
	return f
}

// target parses "KIND [NS/]NAME" of get, delete, patch and scale.
func (w *words) target(key string, kinds []string) (ObjectRef, bool) {
	hint := fmt.Sprintf(`write "%s: KIND NAMESPACE/NAME", as in "%s: deployment demo/web"`, key, key)
	if kinds != nil {
		hint = fmt.Sprintf(`write "%s: pod NAMESPACE/NAME"`, key)
	}
	switch {
	case len(w.toks) < 2:
		w.errorf(w.end(), "%q expects a kind and a name", key).WithHint(hint)
		return ObjectRef{}, false
	case len(w.toks) > 2:
		w.at(w.toks[2], "unexpected %q", w.toks[2].text).WithHint(hint)
		return ObjectRef{}, false
	}
	kind, ok := w.kind(w.toks[0])
	if !ok {
		return ObjectRef{}, false
	}
	if kinds != nil && !slices.Contains(kinds, kind.Text) {
		w.at(w.toks[0], "%q works on pods, not %q", key, kind.Text).WithHint(hint)
		return ObjectRef{}, false
	}
	r, ok := w.objectRef(kind, w.toks[1])
	if ok && strings.Contains(r.Name, "*") {
		w.at(w.toks[1], "%q takes one object, not a pattern", key)
		return r, false
	}
	return r, ok
}

var podKinds = []string{"pod", "pods", "po"}

var rawMethods = []string{"GET", "POST", "PUT", "PATCH", "DELETE"}

// raw parses "METHOD /path".
func (w *words) raw() (Word, Word, bool) {
	if len(w.toks) != 2 {
		pos := w.end()
		if len(w.toks) > 2 {
			pos = w.pos(w.toks[2])
		}
		w.errorf(pos, `"raw" expects a method and a path`).WithHint(`as in "raw: GET /version"`)
		return Word{}, Word{}, false
	}
	m, path := w.toks[0], w.toks[1]
	if !slices.Contains(rawMethods, m.text) {
		hint := diag.DidYouMean(m.text, rawMethods)
		if slices.Contains(rawMethods, strings.ToUpper(m.text)) {
			hint = "did you mean " + strconv.Quote(strings.ToUpper(m.text)) + "?"
		}
		w.at(m, "unknown method %q", m.text).WithHint(hint)
		return Word{}, Word{}, false
	}
	if !strings.HasPrefix(path.text, "/") {
		w.at(path, "an API path starts with \"/\", got %q", path.text)
		return Word{}, Word{}, false
	}
	return w.word(m), w.word(path), true
}

// traffic parses "SRC -> service NS/NAME [xN]".
func (w *words) traffic(t *Traffic) bool {
	hint := `write "traffic: client -> service NAMESPACE/NAME x20"`
	ts := w.toks
	if len(ts) < 4 || ts[1].text != "->" || len(ts) > 5 {
		pos := w.end()
		switch {
		case len(ts) > 5:
			pos = w.pos(ts[5])
		case len(ts) > 1 && ts[1].text != "->":
			pos = w.pos(ts[1])
		}
		w.errorf(pos, "cannot read this traffic").WithHint(hint)
		return false
	}
	if !validActor(ts[0].text) || strings.Contains(ts[0].text, "*") {
		w.at(ts[0], "%q is not an actor", ts[0].text).WithHint(hint)
		return false
	}
	t.From = w.word(ts[0])
	if k := ts[2].text; k != "service" && k != "svc" && !slices.Contains(podKinds, k) {
		w.at(ts[2], "traffic goes to a service or a pod, not %q", k).WithHint(hint)
		return false
	}
	kind, _ := w.kind(ts[2])
	r, ok := w.objectRef(kind, ts[3])
	if !ok {
		return false
	}
	if !r.Namespaced {
		w.at(ts[3], "expected NAMESPACE/NAME, got %q", ts[3].text).WithHint(hint)
		return false
	}
	t.Target = r
	if len(ts) == 5 {
		n, err := strconv.Atoi(strings.TrimPrefix(ts[4].text, "x"))
		if !countWord.MatchString(ts[4].text) || err != nil || n < 1 {
			w.at(ts[4], "expected a count xN, got %q", ts[4].text).WithHint(hint)
			return false
		}
		t.Count = Scalar[int]{Value: n, Pos: w.pos(ts[4])}
	}
	return true
}
