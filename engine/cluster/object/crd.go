package object

import (
	"fmt"
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
