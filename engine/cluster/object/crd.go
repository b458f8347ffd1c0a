package object

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// CRDInfo is what a kind registered from a CustomResourceDefinition keeps of
// its definition.
type CRDInfo struct {
	// Name is the CRD's name: "<plural>.<group>".
	Name string
	// OpenAPI is the version's openAPIV3Schema tree (may be nil).
	OpenAPI map[string]any
	// Scale paths when the scale subresource is enabled.
	SpecReplicasPath, StatusReplicasPath, LabelSelectorPath string
}

var standardVerbs = []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}

// RegisterCRD registers a kind for every served version of a
// CustomResourceDefinition (apiextensions.k8s.io/v1), replacing the kinds a
// previous version of the same CRD registered. It returns the kinds, the
// preferred version first.
//
// Custom resources get the API server's generic behaviour
// (k8s.io/apiextensions-apiserver/pkg/registry/customresource): name must be
// a DNS subdomain; generation counts every change but metadata (and status
// when the status subresource is on); defaults and validation come from the
// structural schema: type, required, enum, minimum/maximum, minLength/
// maxLength, pattern, minItems/maxItems; fields not in the schema are
// unknown unless x-kubernetes-preserve-unknown-fields is set.
func (r *Registry) RegisterCRD(crd *Object) ([]*KindInfo, error) {
	spec := crd.Spec()
	group := stringAt(spec, "group")
	names := mapAt(spec, "names")
	plural := stringAt(names, "plural")
	kind := stringAt(names, "kind")
	if group == "" || plural == "" || kind == "" {
		return nil, fmt.Errorf("CustomResourceDefinition %q: spec.group, spec.names.plural and spec.names.kind are required", crd.Meta.Name)
	}
	if want := plural + "." + group; crd.Meta.Name != "" && crd.Meta.Name != want {
		return nil, fmt.Errorf("CustomResourceDefinition %q: metadata.name must be %q (spec.names.plural+\".\"+spec.group)", crd.Meta.Name, want)
	}
	singular := stringAt(names, "singular")
	if singular == "" {
		singular = strings.ToLower(kind)
	}
	var shortNames, categories []string
	for _, s := range listAt(names, "shortNames") {
		if str, ok := s.(string); ok {
			shortNames = append(shortNames, str)
		}
	}
	for _, s := range listAt(names, "categories") {
		if str, ok := s.(string); ok {
			categories = append(categories, str)
		}
	}
	namespaced := stringAt(spec, "scope") != "Cluster"
	var infos []*KindInfo
	for _, v := range listAt(spec, "versions") {
		vm, ok := v.(map[string]any)
		if !ok {
			continue
		}
		if served, ok := vm["served"].(bool); ok && !served {
			continue
		}
		name := stringAt(vm, "name")
		if name == "" {
			return nil, fmt.Errorf("CustomResourceDefinition %q: a version has no name", crd.Meta.Name)
		}
		info := &KindInfo{
			Group: group, Version: name, Kind: kind,
			Resource: plural, Singular: singular,
			ShortNames: shortNames, Categories: categories,
			Namespaced: namespaced,
			Verbs:      standardVerbs,
			Generation: GenerationAllButMetadata,
			NameRule:   NameDNSSubdomain,
			CRD: &CRDInfo{
				Name:    plural + "." + group,
				OpenAPI: mapAt(vm, "schema", "openAPIV3Schema"),
			},
		}
		sub := mapAt(vm, "subresources")
		if _, ok := sub["status"]; ok {
			info.Subresources = append(info.Subresources, "status")
			info.Generation = GenerationAllButMetadataStatus
		}
		if scale := mapAt(sub, "scale"); scale != nil {
			info.Subresources = append(info.Subresources, "scale")
			info.CRD.SpecReplicasPath = stringAt(scale, "specReplicasPath")
			info.CRD.StatusReplicasPath = stringAt(scale, "statusReplicasPath")
			info.CRD.LabelSelectorPath = stringAt(scale, "labelSelectorPath")
		}
		info.Columns = crdColumns(listAt(vm, "additionalPrinterColumns"))
		schema := info.CRD.OpenAPI
		info.Default = func(o *Object) { applySchemaDefaults(o, schema) }
		info.Validate = func(o, _ *Object) FieldErrors { return validateSchema(o, schema) }
		infos = append(infos, info)
	}
	if len(infos) == 0 {
		return nil, fmt.Errorf("CustomResourceDefinition %q: no served versions", crd.Meta.Name)
	}
	r.Unregister(group, plural)
	for _, info := range infos {
		if err := r.Register(info); err != nil {
			return nil, err
		}
	}
	return r.Versions(group, plural), nil
}

// crdColumns reads additionalPrinterColumns; without any, a custom resource
// shows an Age column (the CRD defaulting in
// k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/defaults.go).
func crdColumns(cols []any) []Column {
	out := []Column{{Name: "Name", Type: "string", JSONPath: ".metadata.name"}}
	for _, c := range cols {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		p, _ := intAt(cm, "priority")
		out = append(out, Column{Name: stringAt(cm, "name"), Type: stringAt(cm, "type"), JSONPath: stringAt(cm, "jsonPath"), Priority: int(p)})
	}
	if len(out) == 1 {
		out = append(out, Column{Name: "Age", Type: "date", JSONPath: ".metadata.creationTimestamp"})
	}
	return out
}

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
