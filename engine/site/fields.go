package site

import (
	"fmt"
	"sort"

	"github.com/loopbook/loopbook/engine/diag"
	"gopkg.in/yaml.v3"
)

// field decodes the value of one known key of a YAML mapping.
type field func(v *yaml.Node, at diag.Pos) *diag.Error

// decodeMapping walks a YAML mapping and hands each value to the field of
// the same key. Unknown keys are reported with the nearest known key; what
// names the mapping in messages ("front matter", "loopbook.yaml").
func decodeMapping(n *yaml.Node, at diag.Pos, what string, fields map[string]field) diag.List {
	var errs diag.List
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		return diag.List{diag.Errorf(diag.NodePos(n, at), "%s must be a mapping of keys to values, got %s", what, nodeKind(n))}
	}
	known := make([]string, 0, len(fields))
	for k := range fields {
		known = append(known, k)
	}
	sort.Strings(known)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		f, ok := fields[k.Value]
		if !ok {
			errs = append(errs, diag.Errorf(diag.NodePos(k, at), "unknown %s key %q", what, k.Value).
				WithHint(diag.DidYouMean(k.Value, known)))
			continue
		}
		if seen[k.Value] {
			errs = append(errs, diag.Errorf(diag.NodePos(k, at), "%s key %q appears twice", what, k.Value).
				WithHint("keep one of them"))
			continue
		}
		seen[k.Value] = true
		if err := f(v, at); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func nodeKind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return fmt.Sprintf("%q", n.Value)
}

// stringField stores a scalar value in *dst.
func stringField(key string, dst *string) field {
	return func(v *yaml.Node, at diag.Pos) *diag.Error {
		if v.Kind != yaml.ScalarNode {
			return diag.Errorf(diag.NodePos(v, at), "%s expects text, got %s", key, nodeKind(v))
		}
		if v.Tag == "!!null" {
			*dst = ""
			return nil
		}
		*dst = v.Value
		return nil
	}
}

// intField stores an integer value in *dst.
func intField(key string, dst *int) field {
	return func(v *yaml.Node, at diag.Pos) *diag.Error {
		if v.Kind != yaml.ScalarNode || v.Decode(dst) != nil || v.Tag != "!!int" {
			return diag.Errorf(diag.NodePos(v, at), "%s expects a whole number, got %s", key, nodeKind(v)).
				WithHint("write it without quotes, e.g. " + key + ": 10")
		}
		return nil
	}
}

// boolField stores a boolean value in *dst.
func boolField(key string, dst *bool) field {
	return func(v *yaml.Node, at diag.Pos) *diag.Error {
		if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" || v.Decode(dst) != nil {
			return diag.Errorf(diag.NodePos(v, at), "%s expects true or false, got %s", key, nodeKind(v))
		}
		return nil
	}
}
