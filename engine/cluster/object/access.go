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

// Remove deletes the value at p inside root. It returns the new root (a
// list shrinks, so a parent may need the new slice) and whether anything was
// removed.
func (p Path) Remove(root any) (any, bool) {
	if len(p) == 0 {
		return nil, root != nil
	}
	return removeIn(root, p)
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
