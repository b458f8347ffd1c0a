package patch

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// JSON applies a JSON patch (RFC 6902) to target. Errors are worded as
// github.com/evanphx/json-patch, which the API server uses, words them;
// the API server answers them with 422.
func JSON(target map[string]any, ops []map[string]any) (map[string]any, error) {
	var doc any = object.DeepCopyValue(target)
	for _, op := range ops {
		name, _ := op["op"].(string)
		path, hasPath := op["path"].(string)
		if !hasPath {
			return nil, fmt.Errorf("unable to apply patch: missing path in %s operation", name)
		}
		var err error
		switch name {
		case "add":
			doc, err = add(doc, path, object.DeepCopyValue(op["value"]))
		case "remove":
			doc, _, err = remove(doc, path)
		case "replace":
			if _, ok := get(doc, path); !ok {
				return nil, fmt.Errorf("replace operation does not apply: doc is missing key: %s", path)
			}
			doc, _, err = remove(doc, path)
			if err == nil {
				doc, err = add(doc, path, object.DeepCopyValue(op["value"]))
			}
		case "move", "copy":
			from, _ := op["from"].(string)
			v, ok := get(doc, from)
			if !ok {
				return nil, fmt.Errorf("%s operation does not apply: doc is missing from path: %s", name, from)
			}
			if name == "move" {
				doc, _, err = remove(doc, from)
			} else {
				v = object.DeepCopyValue(v)
			}
			if err == nil {
				doc, err = add(doc, path, v)
			}
		case "test":
			v, ok := get(doc, path)
			if !ok || !object.EqualValues(v, op["value"]) {
				return nil, fmt.Errorf("testing value %s failed: test failed", path)
			}
		default:
			return nil, fmt.Errorf("Unexpected kind: %s", name)
		}
		if err != nil {
			return nil, err
		}
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the patch replaced the whole object with a %T", doc)
	}
	return m, nil
}

// pointer splits a JSON pointer into its unescaped tokens.
func pointer(p string) []string {
	if p == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts
}

func get(doc any, path string) (any, bool) {
	cur := doc
	for _, t := range pointer(path) {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[t]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// add sets v at path, inserting into lists ("-" appends), and returns the
// new document. Containers on the path are modified in place: the whole
// document was deep-copied by JSON.
func add(doc any, path string, v any) (any, error) {
	toks := pointer(path)
	if len(toks) == 0 {
		return v, nil
	}
	parent, ok := get(doc, "/"+strings.Join(escape(toks[:len(toks)-1]), "/"))
	if len(toks) == 1 {
		parent, ok = doc, true
	}
	if !ok {
		return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q", path)
	}
	last := toks[len(toks)-1]
	switch c := parent.(type) {
	case map[string]any:
		c[last] = v
	case []any:
		i := len(c)
		if last != "-" {
			n, err := strconv.Atoi(last)
			if err != nil || n < 0 || n > len(c) {
				return nil, fmt.Errorf("add operation does not apply: index out of bounds: %s", path)
			}
			i = n
		}
		l := slices.Insert(c, i, v)
		return setAt(doc, toks[:len(toks)-1], l)
	default:
		return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q", path)
	}
	return doc, nil
}

func remove(doc any, path string) (any, any, error) {
	toks := pointer(path)
	if len(toks) == 0 {
		return nil, doc, nil
	}
	parent, ok := doc, true
	if len(toks) > 1 {
		parent, ok = get(doc, "/"+strings.Join(escape(toks[:len(toks)-1]), "/"))
	}
	if !ok {
		return nil, nil, fmt.Errorf("remove operation does not apply: doc is missing path: %q", path)
	}
	last := toks[len(toks)-1]
	switch c := parent.(type) {
	case map[string]any:
		v, ok := c[last]
		if !ok {
			return nil, nil, fmt.Errorf("remove operation does not apply: doc is missing key: %s", path)
		}
		delete(c, last)
		return doc, v, nil
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(c) {
			return nil, nil, fmt.Errorf("remove operation does not apply: index out of bounds: %s", path)
		}
		v := c[i]
		d, err := setAt(doc, toks[:len(toks)-1], slices.Delete(c, i, i+1))
		return d, v, err
	}
	return nil, nil, fmt.Errorf("remove operation does not apply: doc is missing path: %q", path)
}

// setAt replaces the container at toks with v (lists change length, so
// their parent must point at the new slice).
func setAt(doc any, toks []string, v any) (any, error) {
	if len(toks) == 0 {
		return v, nil
	}
	parent := doc
	if len(toks) > 1 {
		parent, _ = get(doc, "/"+strings.Join(escape(toks[:len(toks)-1]), "/"))
	}
	last := toks[len(toks)-1]
	switch c := parent.(type) {
	case map[string]any:
		c[last] = v
	case []any:
		i, _ := strconv.Atoi(last)
		c[i] = v
	}
	return doc, nil
}

func escape(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	return object.AppendSortedKeys(make([]string, 0, len(m)), m)
}
