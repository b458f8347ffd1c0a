package spec

import (
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// str reads a scalar as text. Any scalar but null is text: "title: 2024"
// is the text "2024".
func (p *parser) str(n *yaml.Node, key string) Scalar[string] {
	if n.Kind != yaml.ScalarNode {
		p.nodeErr(n, "%q expects text, not %s", key, describe(n)).WithHint(quoteHint(n))
		return Scalar[string]{}
	}
	if n.Tag == "!!null" {
		p.nodeErr(n, "%q has no value", key)
		return Scalar[string]{}
	}
	return Scalar[string]{Value: n.Value, Pos: p.nodePos(n)}
}

// quoteHint explains how a value that YAML read as a mapping or a list can
// be written as text. A mapping of more than one key, or of one key whose
// value is not text, was written as one on purpose: it gets no hint.
func quoteHint(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) != 2 || n.Content[1].Kind != yaml.ScalarNode {
			return ""
		}
		if n.Style&yaml.FlowStyle != 0 {
			return `a value starting with "{" is read as a mapping; put it in double quotes`
		}
		return `a ": " inside an unquoted value starts a mapping; put the value in double quotes`
	case yaml.SequenceNode:
		return `a value starting with "[" or "- " is read as a list; put it in double quotes`
	}
	return ""
}

// integer reads a whole number.
func (p *parser) integer(n *yaml.Node, key string) Scalar[int] {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!int" {
		var v int
		if err := n.Decode(&v); err == nil {
			return Scalar[int]{Value: v, Pos: p.nodePos(n)}
		}
	}
	p.nodeErr(n, "%q expects a whole number, got %s", key, describe(n))
	return Scalar[int]{}
}

// count reads a whole number that is at least lo.
func (p *parser) count(n *yaml.Node, key string, lo int) Scalar[int] {
	v := p.integer(n, key)
	if v.IsSet() && v.Value < lo {
		p.nodeErr(n, "%q must be at least %d, got %d", key, lo, v.Value)
		return Scalar[int]{}
	}
	return v
}

// number reads a number, whole or not.
func (p *parser) number(n *yaml.Node, key string) Scalar[float64] {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		var v float64
		if err := n.Decode(&v); err == nil && v >= 0 {
			return Scalar[float64]{Value: v, Pos: p.nodePos(n)}
		}
	}
	p.nodeErr(n, "%q expects a number of zero or more, got %s", key, describe(n))
	return Scalar[float64]{}
}

// duration reads a duration written as Go writes them ("30s", "5m",
// "1m30s", "0").
func (p *parser) duration(n *yaml.Node, key string) Scalar[time.Duration] {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		if d, ok := parseDuration(n.Value); ok {
			return Scalar[time.Duration]{Value: d, Pos: p.nodePos(n)}
		}
	}
	e := p.nodeErr(n, "%q expects a duration such as 30s or 5m, got %s", key, describe(n))
	if _, err := strconv.ParseFloat(n.Value, 64); err == nil && n.Kind == yaml.ScalarNode {
		e.WithHint("add a unit: ms, s, m or h")
	}
	return Scalar[time.Duration]{}
}

// parseDuration parses a non-negative duration.
func parseDuration(s string) (time.Duration, bool) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	return d, err == nil && d >= 0
}

// strs reads a list of texts.
func (p *parser) strs(n *yaml.Node, key string) []Scalar[string] {
	var out []Scalar[string]
	for _, c := range p.items(n, key) {
		if s := p.str(c, key); s.IsSet() {
			out = append(out, s)
		}
	}
	return out
}

// data reads any value as yaml.v3 decodes it.
func (p *parser) data(n *yaml.Node, key string) Data {
	var v any
	if err := n.Decode(&v); err != nil {
		p.nodeErr(n, "%q: %v", key, err)
		return Data{}
	}
	d := Data{Value: v, Pos: p.nodePos(n)}
	if n.Kind == yaml.ScalarNode {
		d.Text = n.Value
	}
	return d
}

// document reads a text value holding YAML (or any text) and keeps the
// way back to the lesson for each of its lines.
func (p *parser) document(n *yaml.Node, key string) Document {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.nodeErr(n, "%q expects YAML text, not %s", key, describe(n)).
			WithHint(`write "` + key + `: |" and indent the YAML on the lines below it`)
		return Document{}
	}
	t := p.textOf(n)
	d := Document{Text: n.Value, Pos: t.pos(0)}
	if t.exact {
		d.lines = append(d.lines, t.pos(0))
		for i, r := range t.runes {
			if r == '\n' {
				d.lines = append(d.lines, t.pos(i+1))
			}
		}
	}
	return d
}
