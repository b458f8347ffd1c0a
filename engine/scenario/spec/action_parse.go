package spec

import (
	"fmt"
	"slices"
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
	{key: "kubectl", request: true},
	{key: "poll", request: true, extra: []string{"every", "for"}, required: []string{"every", "for"}},
	{key: "watch", request: true, extra: []string{"for"}, required: []string{"for"}},
	{key: "fault"},
	{key: "restore"},
	{key: "traffic", extra: []string{"host", "path"}},
	{key: "load", extra: []string{"cpu"}, required: []string{"cpu"}},
	{key: "audit"},
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
	if s.IsSet() && (!validActor(s.Value) || strings.ContainsAny(s.Value, "*") || (strings.Contains(s.Value, "/") && !isPodActor(s.Value))) {
		p.nodeErr(n, "%q cannot be a user", s.Value).
			WithHint("a user of the fixture, or pod/NAMESPACE/NAME for the application in a Pod, calling the API with its ServiceAccount's token")
		return Scalar[string]{}
	}
	return s
}

// isPodActor reports whether s is pod/NAMESPACE/NAME: a Pod as an actor.
func isPodActor(s string) bool {
	rest, ok := strings.CutPrefix(s, "pod/")
	ns, name, two := strings.Cut(rest, "/")
	return ok && two && ns != "" && name != "" && !strings.Contains(name, "/")
}
