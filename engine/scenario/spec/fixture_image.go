package spec

import (
	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// images reads the images mapping: image reference → behaviour.
func (p *parser) images(n *yaml.Node) []Image {
	var out []Image
	for _, kv := range p.pairs(n, "images") {
		k, v := kv[0], kv[1]
		img := Image{Pos: p.nodePos(k), Ref: Scalar[string]{Value: k.Value, Pos: p.nodePos(k)}}
		p.fields(v, "image", []field{
			{"pullSeconds", func(_, v *yaml.Node) { img.PullSeconds = p.number(v, "pullSeconds") }},
			{"startSeconds", func(_, v *yaml.Node) { img.StartSeconds = p.number(v, "startSeconds") }},
			{"pull", func(_, v *yaml.Node) { img.PullFails = p.pull(v) }},
			{"readyAfter", func(_, v *yaml.Node) { img.ReadyAfter = p.duration(v, "readyAfter") }},
			{"exitAfter", func(_, v *yaml.Node) { img.ExitAfter = p.duration(v, "exitAfter") }},
			{"exitCode", func(_, v *yaml.Node) { img.ExitCode = p.integer(v, "exitCode") }},
			{"probe", func(_, v *yaml.Node) { img.Probe = p.oneOf(v, "probe", []string{"pass", "fail"}) }},
			{"logs", func(_, v *yaml.Node) { img.Logs = p.strs(v, "logs") }},
			{"http", func(_, v *yaml.Node) { img.HTTP = p.httpAnswers(v) }},
			{"cpu", func(_, v *yaml.Node) { img.CPU = p.str(v, "cpu") }},
			{"memory", func(_, v *yaml.Node) { img.Memory = p.str(v, "memory") }},
		})
		out = append(out, img)
	}
	return out
}

// pull reads "pull: fail" (or "pull: ok").
func (p *parser) pull(n *yaml.Node) Scalar[bool] {
	s := p.oneOf(n, "pull", []string{"ok", "fail"})
	if !s.IsSet() {
		return Scalar[bool]{}
	}
	return Scalar[bool]{Value: s.Value == "fail", Pos: s.Pos}
}

// oneOf reads a word from a fixed list.
func (p *parser) oneOf(n *yaml.Node, key string, words []string) Scalar[string] {
	s := p.str(n, key)
	if !s.IsSet() {
		return s
	}
	for _, w := range words {
		if w == s.Value {
			return s
		}
	}
	p.nodeErr(n, "unknown %s %q", key, s.Value).WithHint(diag.DidYouMean(s.Value, words))
	return Scalar[string]{}
}

// httpAnswers reads a list of answers, or a single one.
func (p *parser) httpAnswers(n *yaml.Node) []HTTPAnswer {
	list := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		list = p.items(n, "http")
	}
	var out []HTTPAnswer
	for _, c := range list {
		a := HTTPAnswer{Pos: p.nodePos(c)}
		p.fields(c, "http answer", []field{
			{"path", func(_, v *yaml.Node) { a.Path = p.str(v, "path") }},
			{"code", func(_, v *yaml.Node) { a.Code = p.integer(v, "code") }},
			{"body", func(_, v *yaml.Node) { a.Body = p.str(v, "body") }},
			{"delay", func(_, v *yaml.Node) { a.Delay = p.duration(v, "delay") }},
		})
		if a.Code.IsSet() && (a.Code.Value < 100 || a.Code.Value > 599) {
			p.errorf(a.Code.Pos, "status code %d is out of range", a.Code.Value).WithHint("a status code is between 100 and 599")
		}
		out = append(out, a)
	}
	return out
}
