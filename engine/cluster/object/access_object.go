package object

import "fmt"

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

// GetInt returns the integer at path (a whole number), or def when
// absent or not one.
func (o *Object) GetInt(path string, def int64) int64 {
	v, ok, _ := o.Get(path)
	if n, isInt := Int(v); ok && isInt {
		return n
	}
	return def
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

// Get returns the value at path (see ParsePath) and whether it exists.
// Metadata is read from the typed Meta as it would be encoded.
func (o *Object) Get(path string) (any, bool, error) {
	p, err := parseCached(path)
	if err != nil {
		return nil, false, err
	}
	v, ok := o.GetPath(p)
	return v, ok, nil
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
