package spec

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// Whatif enumerates inputs; the engine runs every combination of their
// options from Base and shows what Show asks for.
type Whatif struct {
	Pos     diag.Pos
	ID      Scalar[string]
	Cluster ClusterRef
	// Base is the object each combination starts from.
	Base Document
	// Inputs, in the order written; each names a knob the engine applies.
	Inputs []Input
	// Show lists what to show for each combination, in order; each is
	// one of ShowWords().
	Show []Scalar[string]
}

// Input is one input of a what-if: its label and its options, in the
// order written.
type Input struct {
	Pos     diag.Pos
	Label   Scalar[string]
	Options []Option
}

// Option is one choice of an input: its label and the value the engine
// applies (Value.IsNull() for "leave it unset").
type Option struct {
	Pos   diag.Pos
	Label Scalar[string]
	Value Data
}

// ShowWords returns the outcomes a what-if can show.
func ShowWords() []string { return slices.Clone(showWords) }

// showWords are the outcomes a what-if can show.
var showWords = []string{
	"phase", "conditions", "scheduler message", "node", "ready", "restarts", "events",
	"kubectl get pod", "kubectl get pod -o wide", "kubectl describe pod",
}

// MaxCombinations bounds the number of combinations a what-if may ask
// the engine to run at build time.
const MaxCombinations = 256

// Kind returns "whatif".
func (*Whatif) Kind() string { return "whatif" }

// BlockID returns the block's id.
func (w *Whatif) BlockID() Scalar[string] { return w.ID }

// BlockPos returns the position of the block's first key.
func (w *Whatif) BlockPos() diag.Pos { return w.Pos }

// Combinations returns the number of combinations of the inputs.
func (w *Whatif) Combinations() int {
	n := 1
	for _, in := range w.Inputs {
		n *= max(len(in.Options), 1)
		if n > MaxCombinations {
			return MaxCombinations + 1
		}
	}
	return n
}

func (p *parser) whatif(n *yaml.Node) *Whatif {
	w := &Whatif{Pos: p.nodePos(n)}
	var inputsNode *yaml.Node
	p.fields(n, "whatif", []field{
		{"id", func(_, v *yaml.Node) { w.ID = p.id(v) }},
		{"cluster", func(_, v *yaml.Node) { w.Cluster = p.cluster(v) }},
		{"base", func(_, v *yaml.Node) { w.Base = p.document(v, "base") }},
		{"inputs", func(_, v *yaml.Node) { inputsNode = v; w.Inputs = p.inputs(v) }},
		{"show", func(_, v *yaml.Node) { w.Show = p.show(v) }},
	}, "id", "base", "inputs")
	if c := w.Combinations(); inputsNode != nil && c > MaxCombinations {
		p.nodeErr(inputsNode, "these inputs make more than %d combinations", MaxCombinations).
			WithHint("the engine runs every combination at build time; split the what-if in two")
	}
	return w
}

func (p *parser) inputs(n *yaml.Node) []Input {
	var out []Input
	for _, kv := range p.pairs(n, "inputs") {
		k, v := kv[0], kv[1]
		in := Input{Pos: p.nodePos(k), Label: Scalar[string]{Value: k.Value, Pos: p.nodePos(k)}}
		for _, o := range p.pairs(v, k.Value) {
			in.Options = append(in.Options, Option{
				Pos:   p.nodePos(o[0]),
				Label: Scalar[string]{Value: o[0].Value, Pos: p.nodePos(o[0])},
				Value: p.data(o[1], o[0].Value),
			})
		}
		if v.Kind == yaml.MappingNode && len(in.Options) < 2 {
			p.nodeErr(v, "input %q needs at least two options", k.Value).
				WithHint(`write them as {label: value, other label: value}`)
		}
		out = append(out, in)
	}
	return out
}

func (p *parser) show(n *yaml.Node) []Scalar[string] {
	var out []Scalar[string]
	for _, s := range p.strs(n, "show") {
		if slices.Contains(out, s) {
			continue
		}
		if !slices.Contains(showWords, s.Value) {
			p.errorf(s.Pos, "a what-if cannot show %q", s.Value).WithHint(showHint(s.Value))
			continue
		}
		out = append(out, s)
	}
	return out
}

func showHint(w string) string {
	if n := diag.Nearest(w, showWords); n != "" {
		return fmt.Sprintf("did you mean %q?", n)
	}
	return "it can show " + quoted(showWords)
}
