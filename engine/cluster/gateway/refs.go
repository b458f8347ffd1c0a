package gateway

import "github.com/loopbook/loopbook/engine/cluster/object"

// parentRef is an HTTPRoute's reference to a Gateway (ParentReference,
// apis/v1/shared_types.go; namespace defaults to the route's).
type parentRef struct {
	namespace, name, section string
	port                     int64
	raw                      map[string]any
}

// parentRefs are the route's references to Gateways.
func parentRefs(route *object.Object) []parentRef {
	var out []parentRef
	for _, p := range list(route.Spec()["parentRefs"]) {
		m, _ := p.(map[string]any)
		if str(m, "group", Group) != Group || str(m, "kind", "Gateway") != "Gateway" {
			continue
		}
		port, _ := m["port"].(int64)
		out = append(out, parentRef{namespace: str(m, "namespace", route.Meta.Namespace), name: str(m, "name", ""),
			section: str(m, "sectionName", ""), port: port, raw: m})
	}
	return out
}

// status form of a parentRef: the fields the route wrote, defaulted.
func (r parentRef) status() map[string]any {
	out := map[string]any{"group": Group, "kind": "Gateway", "name": r.name, "namespace": r.namespace}
	if r.section != "" {
		out["sectionName"] = r.section
	}
	if r.port != 0 {
		out["port"] = r.port
	}
	return out
}

func list(v any) []any { l, _ := v.([]any); return l }

func str(m map[string]any, k, def string) string {
	if s, ok := m[k].(string); ok && s != "" {
		return s
	}
	return def
}

func strs(v any) []string {
	var out []string
	for _, s := range list(v) {
		if s, ok := s.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
