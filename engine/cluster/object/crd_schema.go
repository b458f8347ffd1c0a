package object

import (
	"fmt"
	"regexp"
	"strconv"
)

// applySchemaDefaults fills "default" values of a structural schema into an
// object, at every level whose parent exists (structural defaulting,
// k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting).
func applySchemaDefaults(o *Object, schema map[string]any) {
	props := mapAt(schema, "properties")
	for name, ps := range props {
		if name == "apiVersion" || name == "kind" || name == "metadata" {
			continue
		}
		psm, _ := ps.(map[string]any)
		if _, ok := o.Content[name]; !ok {
			if d, ok := psm["default"]; ok {
				o.Content[name] = DeepCopyValue(d)
			}
		}
		if v, ok := o.Content[name]; ok {
			defaultValue(v, psm)
		}
	}
}

func defaultValue(v any, schema map[string]any) {
	switch t := v.(type) {
	case map[string]any:
		for name, ps := range mapAt(schema, "properties") {
			psm, _ := ps.(map[string]any)
			if _, ok := t[name]; !ok {
				if d, ok := psm["default"]; ok {
					t[name] = DeepCopyValue(d)
				}
			}
			if child, ok := t[name]; ok {
				defaultValue(child, psm)
			}
		}
		if ap, ok := schema["additionalProperties"].(map[string]any); ok {
			for _, child := range t {
				defaultValue(child, ap)
			}
		}
	case []any:
		items, _ := schema["items"].(map[string]any)
		for _, e := range t {
			defaultValue(e, items)
		}
	}
}

// validateSchema checks an object's fields (not apiVersion, kind, metadata)
// against a structural schema, with the messages of kube-openapi's validator
// as the API server reports them for custom resources.
func validateSchema(o *Object, schema map[string]any) FieldErrors {
	if schema == nil {
		return nil
	}
	var errs FieldErrors
	props := mapAt(schema, "properties")
	for _, name := range sortedKeys(o.Content) {
		ps, ok := props[name].(map[string]any)
		if !ok {
			continue // unknown: pruned or reported by the decoder
		}
		errs = append(errs, validateValue(name, o.Content[name], ps)...)
	}
	for _, req := range listAt(schema, "required") {
		if name, ok := req.(string); ok && name != "apiVersion" && name != "kind" && name != "metadata" {
			if _, ok := o.Content[name]; !ok {
				errs = append(errs, Required(name, ""))
			}
		}
	}
	return errs
}

func openAPIType(v any) string {
	switch t := v.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		if t == float64(int64(t)) {
			return "integer"
		}
		return "number"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "null"
}

func validateValue(path string, v any, s map[string]any) FieldErrors {
	var errs FieldErrors
	if v == nil {
		if b, _ := s["nullable"].(bool); b {
			return nil
		}
	}
	want, _ := s["type"].(string)
	got := openAPIType(v)
	if want != "" && !(want == got || want == "number" && got == "integer") {
		bad := got
		if got == "integer" || got == "number" {
			bad = "number"
		}
		if b, _ := s["x-kubernetes-int-or-string"].(bool); !(b && (got == "integer" || got == "string")) {
			// kube-openapi: "<path> in body must be of type <type>: \"<actual>\""
			return FieldErrors{Invalid(path, bad, fmt.Sprintf("%s in body must be of type %s: %q", path, want, bad))}
		}
	}
	if enum := listOf(s["enum"]); len(enum) > 0 {
		found := false
		for _, e := range enum {
			if EqualValues(e, v) {
				found = true
				break
			}
		}
		if !found {
			valid := make([]string, len(enum))
			for i, e := range enum {
				valid[i], _ = scalarString(e)
			}
			errs = append(errs, NotSupported(path, v, valid))
		}
	}
	switch t := v.(type) {
	case int64, float64:
		f := toFloat(t)
		if min, ok := numberOf(s["minimum"]); ok {
			if ex, _ := s["exclusiveMinimum"].(bool); ex && f <= min {
				errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should be greater than %s", path, fmtNum(min))))
			} else if f < min {
				errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should be greater than or equal to %s", path, fmtNum(min))))
			}
		}
		if max, ok := numberOf(s["maximum"]); ok {
			if ex, _ := s["exclusiveMaximum"].(bool); ex && f >= max {
				errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should be less than %s", path, fmtNum(max))))
			} else if f > max {
				errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should be less than or equal to %s", path, fmtNum(max))))
			}
		}
	case string:
		n := len([]rune(t))
		if min, ok := numberOf(s["minLength"]); ok && float64(n) < min {
			errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should be at least %s chars long", path, fmtNum(min))))
		}
		if max, ok := numberOf(s["maxLength"]); ok && float64(n) > max {
			errs = append(errs, TooLong(path, int(max)))
		}
		if pat, ok := s["pattern"].(string); ok {
			if re, err := regexp.Compile(pat); err == nil && !re.MatchString(t) {
				errs = append(errs, Invalid(path, t, fmt.Sprintf("%s in body should match '%s'", path, pat)))
			}
		}
	case []any:
		if min, ok := numberOf(s["minItems"]); ok && float64(len(t)) < min {
			errs = append(errs, Invalid(path, int64(len(t)), fmt.Sprintf("%s in body should have at least %s items", path, fmtNum(min))))
		}
		if max, ok := numberOf(s["maxItems"]); ok && float64(len(t)) > max {
			errs = append(errs, TooMany(path, len(t), int(max)))
		}
		items, _ := s["items"].(map[string]any)
		for i, e := range t {
			errs = append(errs, validateValue(path+"["+strconv.Itoa(i)+"]", e, items)...)
		}
	case map[string]any:
		props := mapAt(s, "properties")
		ap, _ := s["additionalProperties"].(map[string]any)
		for _, k := range sortedKeys(t) {
			if ps, ok := props[k].(map[string]any); ok {
				errs = append(errs, validateValue(path+"."+k, t[k], ps)...)
			} else if ap != nil {
				errs = append(errs, validateValue(path+"."+k, t[k], ap)...)
			}
		}
		for _, req := range listOf(s["required"]) {
			if name, ok := req.(string); ok {
				if _, present := t[name]; !present {
					errs = append(errs, Required(path+"."+name, ""))
				}
			}
		}
	}
	return errs
}

func listOf(v any) []any { l, _ := v.([]any); return l }

func numberOf(v any) (float64, bool) {
	switch t := v.(type) {
	case int64:
		return float64(t), true
	case float64:
		return t, true
	}
	return 0, false
}

func toFloat(v any) float64 { f, _ := numberOf(v); return f }

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// crdUnknownFields lists the fields of a custom resource tree that its
// schema does not declare, in sorted order, as the strict decoder names
// them. Fields under x-kubernetes-preserve-unknown-fields are kept.
func crdUnknownFields(tree map[string]any, schema map[string]any) []string {
	if schema == nil {
		return nil
	}
	var out []string
	var walk func(v any, s map[string]any, path string)
	walk = func(v any, s map[string]any, path string) {
		if s == nil {
			return
		}
		if b, _ := s["x-kubernetes-preserve-unknown-fields"].(bool); b {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			props := mapAt(s, "properties")
			ap, hasAP := s["additionalProperties"]
			for _, k := range sortedKeys(t) {
				child := joinPath(path, k)
				if ps, ok := props[k].(map[string]any); ok {
					walk(t[k], ps, child)
				} else if apm, ok := ap.(map[string]any); ok {
					walk(t[k], apm, child)
				} else if !hasAP {
					out = append(out, child)
				}
			}
		case []any:
			items, _ := s["items"].(map[string]any)
			for i, e := range t {
				walk(e, items, path+"["+strconv.Itoa(i)+"]")
			}
		}
	}
	props := mapAt(schema, "properties")
	for _, k := range sortedKeys(tree) {
		switch k {
		case "apiVersion", "kind", "metadata":
			continue
		}
		if ps, ok := props[k].(map[string]any); ok {
			walk(tree[k], ps, k)
		} else if b, _ := schema["x-kubernetes-preserve-unknown-fields"].(bool); !b {
			out = append(out, k)
		}
	}
	return out
}

// PruneUnknown removes the fields CheckFields reported unknown for a custom
// resource, as the API server prunes them under Warn and Ignore.
func PruneUnknown(info *KindInfo, o *Object, unknown []string) {
	if info == nil || info.CRD == nil {
		return
	}
	// remove deepest first so list indices stay valid
	for i := len(unknown) - 1; i >= 0; i-- {
		_, _ = o.Remove(unknown[i])
	}
}
