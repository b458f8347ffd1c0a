package object

import (
	"fmt"
	"strings"
)

// Object is one API object: apiVersion, kind, typed metadata, and every
// other top-level field (spec, status, data, rules, …) in Content.
//
// Content never holds the keys apiVersion, kind or metadata. Values in it
// are tree values (see Normalize). An Object is not safe for concurrent
// mutation; the engine copies on every write (DeepCopy).
type Object struct {
	APIVersion string
	Kind       string
	Meta       Meta
	Content    map[string]any
}

// New returns an empty object of the given apiVersion and kind.
func New(apiVersion, kind string) *Object {
	return &Object{APIVersion: apiVersion, Kind: kind, Content: map[string]any{}}
}

// FromMap builds an Object from a whole tree (as decoded from YAML or JSON).
// The tree's top-level map is reused, not copied.
func FromMap(tree map[string]any) (*Object, error) {
	o := &Object{Content: make(map[string]any, len(tree))}
	o.Kind, _ = tree["kind"].(string) // named in metadata type errors
	for k, v := range tree {
		switch k {
		case "apiVersion":
			s, ok := v.(string)
			if !ok && v != nil {
				return nil, fmt.Errorf("apiVersion: expected a string, got %s", jsonKindOf(v))
			}
			o.APIVersion = s
		case "kind":
			s, ok := v.(string)
			if !ok && v != nil {
				return nil, fmt.Errorf("kind: expected a string, got %s", jsonKindOf(v))
			}
			o.Kind = s
		case "metadata":
			if v == nil {
				continue
			}
			mm, ok := v.(map[string]any)
			if !ok {
				return nil, &TypeError{Value: jsonKindOf(v), Struct: o.Kind, Field: "metadata", Type: "v1.ObjectMeta"}
			}
			m, err := MetaFromMap(mm)
			if err != nil {
				return nil, err
			}
			o.Meta = m
		default:
			o.Content[k] = v
		}
	}
	return o, nil
}

// ToMap renders the whole object as one tree (metadata included). The
// Content values are shared with o, not copied.
func (o *Object) ToMap() map[string]any {
	m := make(map[string]any, len(o.Content)+3)
	for k, v := range o.Content {
		m[k] = v
	}
	m["apiVersion"] = boxString(o.APIVersion)
	m["kind"] = boxString(o.Kind)
	m["metadata"] = o.Meta.ToMap()
	return m
}

// ToMapCopy is o.DeepCopy().ToMap() in one copy: the tree of ToMap,
// sharing nothing mutable with o (Meta.ToMap builds its values afresh;
// the content is copied).
func (o *Object) ToMapCopy() map[string]any {
	m := make(map[string]any, len(o.Content)+3)
	for k, v := range o.Content {
		m[k] = DeepCopyValue(v)
	}
	m["apiVersion"] = boxString(o.APIVersion)
	m["kind"] = boxString(o.Kind)
	m["metadata"] = o.Meta.ToMap()
	return m
}

// DeepCopy returns a copy of o that shares nothing mutable with it.
func (o *Object) DeepCopy() *Object {
	if o == nil {
		return nil
	}
	return &Object{
		APIVersion: o.APIVersion,
		Kind:       o.Kind,
		Meta:       o.Meta.DeepCopy(),
		Content:    deepCopyMap(o.Content),
	}
}

// Group returns the API group from apiVersion ("" for the core group).
func (o *Object) Group() string { g, _ := SplitAPIVersion(o.APIVersion); return g }

// Version returns the version part of apiVersion.
func (o *Object) Version() string { _, v := SplitAPIVersion(o.APIVersion); return v }

// Key returns "namespace/name", or "name" for cluster-scoped objects: the
// key client-go's MetaNamespaceKeyFunc produces.
func (o *Object) Key() string {
	if o.Meta.Namespace == "" {
		return o.Meta.Name
	}
	return o.Meta.Namespace + "/" + o.Meta.Name
}

// Spec returns the spec map, or nil.
func (o *Object) Spec() map[string]any { m, _ := o.Content["spec"].(map[string]any); return m }

// Status returns the status map, or nil.
func (o *Object) Status() map[string]any { m, _ := o.Content["status"].(map[string]any); return m }

// EnsureMap returns the top-level map field key (spec, status, data, …),
// creating it if absent.
func (o *Object) EnsureMap(key string) map[string]any {
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	return ensureMap(o.Content, key)
}

// SplitAPIVersion splits "apps/v1" into ("apps", "v1") and "v1" into
// ("", "v1").
func SplitAPIVersion(apiVersion string) (group, version string) {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// JoinAPIVersion is the inverse of SplitAPIVersion.
func JoinAPIVersion(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}

// jsonKindOf names a tree value's JSON type as encoding/json's
// UnmarshalTypeError does ("string", "number", "bool", "object", "array").
func jsonKindOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64, float64:
		return "number"
	case bool:
		return "bool"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}
