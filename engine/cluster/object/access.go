package object

import (
	"fmt"
)

// Get returns the value at p inside root, and whether it exists.
func (p Path) Get(root any) (any, bool) {
	cur := root
	for _, s := range p {
		next, ok := step(cur, s)
		if !ok {
			return nil, false
		}
		cur = next
	}
	return cur, true
}

func step(cur any, s Step) (any, bool) {
	switch s.Kind {
	case StepField:
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		v, ok := m[s.Name]
		return v, ok
	case StepIndex:
		l, ok := cur.([]any)
		if !ok || s.Index >= len(l) {
			return nil, false
		}
		return l[s.Index], true
	case StepMatch:
		l, ok := cur.([]any)
		if !ok {
			return nil, false
		}
		if i := matchIndex(l, s.Key, s.Value); i >= 0 {
			return l[i], true
		}
	}
	return nil, false
}

func matchIndex(l []any, key, value string) int {
	for i, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		if sv, ok := scalarString(m[key]); ok && sv == value {
			if _, present := m[key]; present {
				return i
			}
		}
	}
	return -1
}

// Set stores v (normalized, see Normalize) at p inside root, creating
// intermediate maps, appending at [len] and appending a {key: value} map for
// an unmatched [key=value] step. It returns the new root, which differs from
// root only when root was nil.
func (p Path) Set(root any, v any) (any, error) {
	nv, err := Normalize(v)
	if err != nil {
		return root, err
	}
	return setIn(root, p, nv, p)
}

func setIn(cur any, steps Path, v any, full Path) (any, error) {
	if len(steps) == 0 {
		return v, nil
	}
	s := steps[0]
	switch s.Kind {
	case StepField:
		var m map[string]any
		switch t := cur.(type) {
		case nil:
			m = map[string]any{}
		case map[string]any:
			m = t
		default:
			return cur, fmt.Errorf("set %s: %s is a %s, not an object", full, full[:len(full)-len(steps)], jsonKindOf(cur))
		}
		child, err := setIn(m[s.Name], steps[1:], v, full)
		if err != nil {
			return cur, err
		}
		m[s.Name] = child
		return m, nil
	case StepIndex, StepMatch:
		var l []any
		switch t := cur.(type) {
		case nil:
		case []any:
			l = t
		default:
			return cur, fmt.Errorf("set %s: %s is a %s, not an array", full, full[:len(full)-len(steps)], jsonKindOf(cur))
		}
		i := -1
		var elem any
		if s.Kind == StepIndex {
			switch {
			case s.Index < len(l):
				i, elem = s.Index, l[s.Index]
			case s.Index == len(l):
			default:
				return cur, fmt.Errorf("set %s: index %d out of range (length %d)", full, s.Index, len(l))
			}
		} else if i = matchIndex(l, s.Key, s.Value); i >= 0 {
			elem = l[i]
		} else {
			elem = map[string]any{s.Key: s.Value}
		}
		child, err := setIn(elem, steps[1:], v, full)
		if err != nil {
			return cur, err
		}
		if i >= 0 {
			l[i] = child
		} else {
			l = append(l, child)
		}
		return l, nil
	}
	return cur, fmt.Errorf("set %s: bad step", full)
}

// Remove deletes the value at p inside root. It returns the new root (a
// list shrinks, so a parent may need the new slice) and whether anything was
// removed.
func (p Path) Remove(root any) (any, bool) {
	if len(p) == 0 {
		return nil, root != nil
	}
	return removeIn(root, p)
}

func removeIn(cur any, steps Path) (any, bool) {
	s := steps[0]
	last := len(steps) == 1
	switch s.Kind {
	case StepField:
		m, ok := cur.(map[string]any)
		if !ok {
			return cur, false
		}
		child, ok := m[s.Name]
		if !ok {
			return cur, false
		}
		if last {
			delete(m, s.Name)
			return m, true
		}
		nc, removed := removeIn(child, steps[1:])
		m[s.Name] = nc
		return m, removed
	case StepIndex, StepMatch:
		l, ok := cur.([]any)
		if !ok {
			return cur, false
		}
		i := s.Index
		if s.Kind == StepMatch {
			i = matchIndex(l, s.Key, s.Value)
		}
		if i < 0 || i >= len(l) {
			return cur, false
		}
		if last {
			return append(l[:i:i], l[i+1:]...), true
		}
		nc, removed := removeIn(l[i], steps[1:])
		l[i] = nc
		return l, removed
	}
	return cur, false
}

// Get returns the value at path (see ParsePath) and whether it exists.
// Metadata is read from the typed Meta as it would be encoded.
func (o *Object) Get(path string) (any, bool, error) {
	p, err := ParsePath(path)
	if err != nil {
		return nil, false, err
	}
	v, ok := o.GetPath(p)
	return v, ok, nil
}

// GetPath is Get for a parsed path.
func (o *Object) GetPath(p Path) (any, bool) {
	if len(p) == 0 {
		return o.ToMap(), true
	}
	first := p[0]
	if first.Kind != StepField {
		return nil, false
	}
	switch first.Name {
	case "apiVersion":
		return scalarRoot(o.APIVersion, p)
	case "kind":
		return scalarRoot(o.Kind, p)
	case "metadata":
		return p[1:].Get(o.Meta.ToMap())
	}
	v, ok := o.Content[first.Name]
	if !ok {
		return nil, false
	}
	return p[1:].Get(v)
}

func scalarRoot(s string, p Path) (any, bool) {
	if len(p) != 1 || s == "" {
		return nil, false
	}
	return s, true
}

// GetString returns the string at path, or "" when absent or not a string.
func (o *Object) GetString(path string) string {
	v, _, _ := o.Get(path)
	s, _ := v.(string)
	return s
}

// Set stores v at path. Setting under .metadata updates the typed Meta; the
// value must then have the type ObjectMeta gives that field.
func (o *Object) Set(path string, v any) error {
	p, err := ParsePath(path)
	if err != nil {
		return err
	}
	return o.SetPath(p, v)
}

// SetPath is Set for a parsed path.
func (o *Object) SetPath(p Path, v any) error {
	if len(p) == 0 || p[0].Kind != StepField {
		return fmt.Errorf("set %s: the path must start with a field", p)
	}
	switch p[0].Name {
	case "apiVersion", "kind":
		s, ok := v.(string)
		if len(p) != 1 || !ok {
			return fmt.Errorf("set %s: must be a string", p)
		}
		if p[0].Name == "kind" {
			o.Kind = s
		} else {
			o.APIVersion = s
		}
		return nil
	case "metadata":
		m, err := p[1:].Set(o.Meta.ToMap(), v)
		if err != nil {
			return err
		}
		mm, ok := m.(map[string]any)
		if !ok {
			return fmt.Errorf("set %s: metadata must be an object", p)
		}
		meta, err := MetaFromMap(mm)
		if err != nil {
			return fmt.Errorf("set %s: %w", p, err)
		}
		o.Meta = meta
		return nil
	}
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	nv, err := p[1:].Set(o.Content[p[0].Name], v)
	if err != nil {
		return err
	}
	o.Content[p[0].Name] = nv
	return nil
}

// Remove deletes the value at path and reports whether it existed.
func (o *Object) Remove(path string) (bool, error) {
	p, err := ParsePath(path)
	if err != nil {
		return false, err
	}
	if len(p) == 0 || p[0].Kind != StepField {
		return false, fmt.Errorf("remove %s: the path must start with a field", p)
	}
	switch p[0].Name {
	case "apiVersion", "kind":
		return false, fmt.Errorf("remove %s: cannot remove %s", p, p[0].Name)
	case "metadata":
		if len(p) == 1 {
			had := o.Meta.Name != "" || len(o.Meta.ToMap()) > 0
			o.Meta = Meta{}
			return had, nil
		}
		m := o.Meta.ToMap()
		nm, removed := p[1:].Remove(m)
		if !removed {
			return false, nil
		}
		meta, err := MetaFromMap(nm.(map[string]any))
		if err != nil {
			return false, err
		}
		o.Meta = meta
		return true, nil
	}
	v, ok := o.Content[p[0].Name]
	if !ok {
		return false, nil
	}
	if len(p) == 1 {
		delete(o.Content, p[0].Name)
		return true, nil
	}
	nv, removed := p[1:].Remove(v)
	o.Content[p[0].Name] = nv
	return removed, nil
}
