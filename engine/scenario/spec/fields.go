package spec

import (
	"fmt"

	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// field is one key a mapping may hold and what to do with its value.
type field struct {
	key string
	set func(key, val *yaml.Node)
}

// fields reads mapping n as the keys of a what ("scenario", "step", …):
// each known key's value goes to its setter, in the mapping's order; an
// unknown key is reported with the nearest known one, a repeated key and a
// missing required key likewise. It reports false when n is not a mapping.
func (p *parser) fields(n *yaml.Node, what string, fs []field, required ...string) bool {
	if !p.isMapping(n, what) {
		return false
	}
	keys := make([]string, len(fs))
	for i, f := range fs {
		keys[i] = f.key
	}
	seen := map[string]*yaml.Node{}
	suggested := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if p.bad[k] {
			continue
		}
		if k.Kind != yaml.ScalarNode {
			p.nodeErr(k, "a %s key must be a word, not %s", what, describe(k))
			continue
		}
		if first, dup := seen[k.Value]; dup {
			p.nodeErr(k, "duplicate %s key %q", what, k.Value).
				WithHint(fmt.Sprintf("the first is at line %d", p.nodePos(first).Line))
			continue
		}
		seen[k.Value] = k
		f := findField(fs, k.Value)
		if f == nil {
			p.nodeErr(k, "unknown %s key %q", what, k.Value).WithHint(diag.DidYouMean(k.Value, keys))
			suggested[diag.Nearest(k.Value, keys)] = true
			continue
		}
		if p.bad[v] {
			continue
		}
		f.set(k, v)
	}
	for _, r := range required {
		if seen[r] == nil && !suggested[r] {
			p.nodeErr(n, "%s is missing %q", what, r)
		}
	}
	return true
}

func findField(fs []field, key string) *field {
	for i := range fs {
		if fs[i].key == key {
			return &fs[i]
		}
	}
	return nil
}

// isMapping reports whether n is a mapping, recording an error if not.
func (p *parser) isMapping(n *yaml.Node, what string) bool {
	if p.bad[n] {
		return false
	}
	if n.Kind != yaml.MappingNode {
		p.nodeErr(n, "%s expects a mapping of keys, not %s", what, describe(n))
		return false
	}
	return true
}

// items returns the elements of list n, recording an error if n is not a
// list.
func (p *parser) items(n *yaml.Node, key string) []*yaml.Node {
	if p.bad[n] {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.nodeErr(n, "%q expects a list, not %s", key, describe(n)).
			WithHint(`write each item on its own line after "- ", or as [a, b]`)
		return nil
	}
	out := make([]*yaml.Node, 0, len(n.Content))
	for _, c := range n.Content {
		if !p.bad[c] {
			out = append(out, c)
		}
	}
	return out
}

// pairs returns the key and value nodes of mapping n in order, recording
// an error for a non-mapping, a non-word key or a repeated key.
func (p *parser) pairs(n *yaml.Node, key string) [][2]*yaml.Node {
	if p.bad[n] {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		p.nodeErr(n, "%q expects a mapping, not %s", key, describe(n))
		return nil
	}
	var out [][2]*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if p.bad[k] || p.bad[v] {
			continue
		}
		if k.Kind != yaml.ScalarNode {
			p.nodeErr(k, "a key of %q must be a word, not %s", key, describe(k))
			continue
		}
		if seen[k.Value] {
			p.nodeErr(k, "duplicate key %q in %q", k.Value, key)
			continue
		}
		seen[k.Value] = true
		out = append(out, [2]*yaml.Node{k, v})
	}
	return out
}
