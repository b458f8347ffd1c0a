package spec

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
)

// Gates sends one request through the API server's gates, with variants
// that stop it at each gate.
type Gates struct {
	Pos      diag.Pos
	ID       Scalar[string]
	Cluster  ClusterRef
	Request  GateRequest
	Variants []Variant
}

// GateRequest is the request every variant starts from.
type GateRequest struct {
	Pos diag.Pos
	As  Scalar[string]
	// Create is true for create:, false for apply:.
	Create bool
	Object Document
}

// Variant changes one thing about the request.
type Variant struct {
	Pos   diag.Pos
	Label Scalar[string]
	// Token replaces the user's bearer token.
	Token Scalar[string]
	// As sends the request as another user.
	As Scalar[string]
	// Webhook names an admission webhook (from the fixture) to install.
	Webhook Scalar[string]
	// Set changes fields of the request's object, in order.
	Set []Setting
	// Fault is injected before the request.
	Fault *Fault
}

// Setting sets one field of an object.
type Setting struct {
	Path  FieldPath
	Value Data
	Pos   diag.Pos
}

// Kind returns "gates".
func (*Gates) Kind() string { return "gates" }

// BlockID returns the block's id.
func (g *Gates) BlockID() Scalar[string] { return g.ID }

// BlockPos returns the position of the block's first key.
func (g *Gates) BlockPos() diag.Pos { return g.Pos }

func (p *parser) gates(n *yaml.Node) *Gates {
	g := &Gates{Pos: p.nodePos(n)}
	p.fields(n, "gates", []field{
		{"id", func(_, v *yaml.Node) { g.ID = p.id(v) }},
		{"cluster", func(_, v *yaml.Node) { g.Cluster = p.cluster(v) }},
		{"request", func(_, v *yaml.Node) { g.Request = p.gateRequest(v) }},
		{"variants", func(_, v *yaml.Node) { g.Variants = p.variants(v) }},
	}, "id", "request", "variants")
	return g
}

func (p *parser) gateRequest(n *yaml.Node) GateRequest {
	r := GateRequest{Pos: p.nodePos(n)}
	verbs := 0
	obj := func(create bool) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) {
			verbs++
			if verbs > 1 {
				p.nodeErr(k, "a request either creates or applies").WithHint("keep one of create and apply")
				return
			}
			r.Create, r.Object = create, p.document(v, k.Value)
		}
	}
	ok := p.fields(n, "request", []field{
		{"as", func(_, v *yaml.Node) { r.As = p.user(v) }},
		{"create", obj(true)},
		{"apply", obj(false)},
	}, "as")
	if ok && verbs == 0 {
		p.nodeErr(n, "the request needs create or apply").WithHint(`write "create: |" and the object below it`)
	}
	return r
}

func (p *parser) variants(n *yaml.Node) []Variant {
	var out []Variant
	labels := map[string]int{}
	for _, c := range p.items(n, "variants") {
		v := Variant{Pos: p.nodePos(c)}
		p.fields(c, "variant", []field{
			{"label", func(_, x *yaml.Node) { v.Label = p.str(x, "label") }},
			{"token", func(_, x *yaml.Node) { v.Token = p.str(x, "token") }},
			{"as", func(_, x *yaml.Node) { v.As = p.user(x) }},
			{"webhook", func(_, x *yaml.Node) { v.Webhook = p.name(x, "webhook") }},
			{"set", func(_, x *yaml.Node) { v.Set = p.settings(x) }},
			{"fault", func(_, x *yaml.Node) { v.Fault = p.faultOf(x, "fault") }},
		}, "label")
		if v.Label.IsSet() {
			if line, dup := labels[v.Label.Value]; dup {
				p.errorf(v.Label.Pos, "duplicate variant label %q", v.Label.Value).WithHint(fmt.Sprintf("the first is at line %d", line))
			}
			labels[v.Label.Value] = v.Label.Pos.Line
		}
		out = append(out, v)
	}
	return out
}

// settings reads set: {path: value, …}.
func (p *parser) settings(n *yaml.Node) []Setting {
	var out []Setting
	for _, kv := range p.pairs(n, "set") {
		k := kv[0]
		path, err := object.ParsePath(k.Value)
		if err != nil || len(path) == 0 {
			p.nodeErr(k, "bad field path %q", k.Value).WithHint(`as in "spec.replicas" or "spec.containers[0].image"`)
			continue
		}
		out = append(out, Setting{
			Path:  FieldPath{Text: k.Value, Path: path, Pos: p.nodePos(k)},
			Value: p.data(kv[1], k.Value),
			Pos:   p.nodePos(k),
		})
	}
	return out
}
