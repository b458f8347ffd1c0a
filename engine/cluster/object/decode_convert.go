package object

import (
	"fmt"
	"math"

	"gopkg.in/yaml.v3"
)

// converter turns yaml.v3 nodes into tree values, counting nodes to bound
// alias expansion and remembering where a failure happened.
type converter struct {
	nodes int
	pos   Position
}

func (c *converter) fail(n *yaml.Node, format string, args ...any) error {
	c.pos = Position{n.Line, n.Column}
	return fmt.Errorf(format, args...)
}

func (c *converter) value(n *yaml.Node, depth int) (any, error) {
	c.nodes++
	if depth > maxYAMLDepth {
		return nil, c.fail(n, "document nested deeper than %d levels", maxYAMLDepth)
	}
	if c.nodes > maxYAMLNodes {
		return nil, c.fail(n, "document expands to more than %d nodes", maxYAMLNodes)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return c.value(n.Content[0], depth+1)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, c.fail(n, "unknown anchor %q", n.Value)
		}
		return c.value(n.Alias, depth+1)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		lines := make(map[string]int, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn := deref(n.Content[i])
			if kn.Kind != yaml.ScalarNode {
				return nil, c.fail(kn, "a mapping key must be a scalar")
			}
			key := kn.Value
			if key == "<<" && kn.ShortTag() == "!!merge" {
				return nil, c.fail(kn, "merge keys (<<) are not supported")
			}
			if line, dup := lines[key]; dup {
				// yaml.v3's wording for the same mistake
				return nil, c.fail(kn, "mapping key %q already defined at line %d", key, line)
			}
			lines[key] = kn.Line
			v, err := c.value(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			m[key] = v
		}
		return m, nil
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, e := range n.Content {
			v, err := c.value(e, depth+1)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case yaml.ScalarNode:
		return c.scalar(n)
	}
	return nil, c.fail(n, "unexpected YAML node")
}

// yaml11Bools are the plain scalars go-yaml v2 (which kubectl's YAML to
// JSON conversion, sigs.k8s.io/yaml, uses) resolves to booleans.
var yaml11Bools = map[string]bool{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true, "on": true, "On": true, "ON": true,
	"n": false, "N": false, "no": false, "No": false, "NO": false, "off": false, "Off": false, "OFF": false,
}

func (c *converter) scalar(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, c.fail(n, "%v", err)
		}
		return b, nil
	case "!!int":
		var i int64
		if err := n.Decode(&i); err == nil {
			return i, nil
		}
		var f float64
		if err := n.Decode(&f); err != nil {
			return nil, c.fail(n, "%v", err)
		}
		return f, nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return nil, c.fail(n, "%v", err)
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			// JSON has no infinity: sigs.k8s.io/yaml fails the same way
			return nil, c.fail(n, "json: unsupported value: %v", f)
		}
		return f, nil
	case "!!str":
		if n.Style == 0 {
			if b, ok := yaml11Bools[n.Value]; ok {
				return b, nil
			}
		}
		return n.Value, nil
	}
	// timestamps, binary and custom tags stay strings
	return n.Value, nil
}
