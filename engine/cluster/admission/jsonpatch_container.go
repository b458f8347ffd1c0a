package admission

import (
	"fmt"
	"strconv"
	"strings"
)

// container is an object or a list inside a patched document. A list
// that grows or shrinks is stored back into its parent with store.
type container struct {
	m     map[string]any
	l     []any
	store func([]any)
}

func containerOf(v any, store func([]any)) (container, bool) {
	switch t := v.(type) {
	case map[string]any:
		return container{m: t}, t != nil
	case []any:
		return container{l: t, store: store}, true
	}
	return container{}, false
}

// findContainer resolves all but the last token of pointer, as
// json-patch's findObject does, and returns the container and the last
// token (unescaped). ok is false when the pointer has no token or a step
// is missing or not a container.
func findContainer(root *any, pointer string) (container, string, bool) {
	tokens := strings.Split(pointer, "/")
	if len(tokens) < 2 {
		return container{}, "", false
	}
	c, ok := containerOf(*root, func(l []any) { *root = l })
	if !ok {
		return container{}, "", false
	}
	for _, t := range tokens[1 : len(tokens)-1] {
		key := unescapeToken(t)
		next, err := c.get(key)
		if err != nil || next == nil {
			return container{}, "", false
		}
		parent := c
		if c, ok = containerOf(next, func(l []any) { parent.set(key, l) }); !ok {
			return container{}, "", false
		}
	}
	return c, unescapeToken(tokens[len(tokens)-1]), true
}

// unescapeToken decodes ~1 to / and then ~0 to ~ (RFC 6901 section 4).
func unescapeToken(t string) string {
	if !strings.Contains(t, "~") {
		return t
	}
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

func invalidIndex(i int) error {
	return fmt.Errorf("Unable to access invalid index: %d: %w", i, errInvalidIndex)
}

// index resolves a list index for get, set and remove: negative indexes
// count from the end.
func (c container) index(key string) (int, error) {
	i, err := strconv.Atoi(key)
	if err != nil {
		return 0, err
	}
	if i < 0 {
		if i < -len(c.l) {
			return 0, invalidIndex(i)
		}
		i += len(c.l)
	}
	if i >= len(c.l) {
		return 0, invalidIndex(i)
	}
	return i, nil
}

func (c container) get(key string) (any, error) {
	if c.m != nil {
		v, ok := c.m[key]
		if !ok {
			return nil, fmt.Errorf("unable to get nonexistent key: %s: %w", key, errMissing)
		}
		return v, nil
	}
	i, err := c.index(key)
	if err != nil {
		return nil, err
	}
	return c.l[i], nil
}

// set replaces an existing member.
func (c container) set(key string, v any) {
	if c.m != nil {
		c.m[key] = v
		return
	}
	if i, err := c.index(key); err == nil {
		c.l[i] = v
	}
}

func (c container) add(key string, v any) error {
	if c.m != nil {
		c.m[key] = v
		return nil
	}
	if key == "-" {
		c.store(append(c.l, v))
		return nil
	}
	i, err := strconv.Atoi(key)
	if err != nil {
		return fmt.Errorf("value was not a proper array index: '%s': %w", key, err)
	}
	size := len(c.l) + 1
	if i >= size || i < -size {
		return invalidIndex(i)
	}
	if i < 0 {
		i += size
	}
	l := make([]any, 0, size)
	l = append(append(append(l, c.l[:i]...), v), c.l[i:]...)
	c.store(l)
	return nil
}

func (c container) remove(key string) error {
	if c.m != nil {
		if _, ok := c.m[key]; !ok {
			return fmt.Errorf("unable to remove nonexistent key: %s: %w", key, errMissing)
		}
		delete(c.m, key)
		return nil
	}
	i, err := c.index(key)
	if err != nil {
		return err
	}
	l := make([]any, 0, len(c.l)-1)
	c.store(append(append(l, c.l[:i]...), c.l[i+1:]...))
	return nil
}
