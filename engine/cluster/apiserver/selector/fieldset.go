package selector

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// FieldSet is what a resource can be selected on: metadata.name and
// metadata.namespace for every resource, plus the fields its kind's field
// label conversion function accepts (AddFieldLabelConversionFunc in
// pkg/apis/*/v1/conversion.go). The values are those of the kind's
// GetAttrs / ToSelectableFields (pkg/registry/*/strategy.go), so an unset
// boolean reads "false" and an unset count "0".
type FieldSet struct {
	fields map[string]func(o *object.Object) string
	// custom marks kinds with their own conversion function, which word an
	// unsupported field "field label not supported: F"; others use
	// runtime.DefaultMetaV1FieldSelectorConversion's wording.
	custom bool
	// noNamespace is Node's conversion, which accepts metadata.name only.
	noNamespace bool
}

// FieldsFor returns the field set of group/resource. The set is shared
// by every caller: a FieldSet is never changed once built.
func FieldsFor(group, resource string) *FieldSet {
	if fs, ok := fieldSets[groupResource{group, resource}]; ok {
		return fs
	}
	return &metadataOnly
}

// groupResource names a resource in fieldSets.
type groupResource struct{ group, resource string }

// fieldSets are the field sets of the resources in selectable, built once
// when the package loads and only read afterwards, so that every list
// and watch shares them (selecting is read-only) and two engine runs may
// read them at once.
var fieldSets = func() map[groupResource]*FieldSet {
	m := map[groupResource]*FieldSet{}
	for key, fields := range selectable {
		resource, group, _ := strings.Cut(key, ".")
		fs := &FieldSet{fields: map[string]func(*object.Object) string{}, custom: len(fields) > 0, noNamespace: key == "nodes"}
		for _, f := range fields {
			fs.fields[f] = fieldGetter(f)
		}
		m[groupResource{group, resource}] = fs
	}
	return m
}()

// metadataOnly is the field set of the resources without selectable
// fields of their own: metadata.name and metadata.namespace only.
var metadataOnly = FieldSet{}

// selectable lists, per resource, the fields beyond metadata.name and
// metadata.namespace that Kubernetes accepts in field selectors:
// pods and nodes (pkg/apis/core/v1/conversion.go), namespaces, secrets,
// events and services (the same file's AddFieldLabelConversionFunc calls),
// replicasets (pkg/apis/apps/v1/conversion.go).
var selectable = map[string][]string{
	"pods": {"spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName",
		"spec.hostNetwork", "status.phase", "status.podIP", "status.nominatedNodeName"},
	"nodes":      {"spec.unschedulable"},
	"namespaces": {"status.phase"},
	"secrets":    {"type"},
	"events": {"involvedObject.kind", "involvedObject.namespace", "involvedObject.name",
		"involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
		"involvedObject.fieldPath", "reason", "reportingComponent", "source", "type"},
	"services":         {"spec.clusterIP", "spec.type"},
	"replicasets.apps": {"status.replicas"},
}

// boolFields and countFields read "false" and "0" when unset.
var (
	boolFields  = map[string]bool{"spec.unschedulable": true, "spec.hostNetwork": true}
	countFields = map[string]bool{"status.replicas": true}
)

func fieldGetter(f string) func(*object.Object) string {
	p := object.MustParsePath(f)
	switch {
	case boolFields[f]:
		return func(o *object.Object) string {
			b, _ := p.Get(o.Content)
			v, _ := b.(bool)
			return strconv.FormatBool(v)
		}
	case countFields[f]:
		return func(o *object.Object) string {
			n, _ := p.Get(o.Content)
			switch v := n.(type) {
			case int64:
				return strconv.FormatInt(v, 10)
			case float64:
				return strconv.FormatInt(int64(v), 10)
			}
			return "0"
		}
	case f == "source":
		// events: source is source.component (pkg/registry/core/event/strategy.go).
		q := object.MustParsePath("source.component")
		return func(o *object.Object) string { s, _ := q.Get(o.Content); v, _ := s.(string); return v }
	}
	return func(o *object.Object) string {
		s, _ := p.Get(o.Content)
		v, _ := s.(string)
		return v
	}
}

// Check returns the API server's error for a selector term naming a field
// the resource does not support, or nil.
func (fs *FieldSet) Check(sel Fields) error {
	for _, t := range sel.terms {
		switch {
		case t.Field == "metadata.name":
		case t.Field == "metadata.namespace" && !fs.noNamespace:
		case fs.fields[t.Field] != nil:
		case fs.custom:
			return fmt.Errorf("field label not supported: %s", t.Field)
		default:
			return fmt.Errorf("%q is not a known field selector: only %q, %q", t.Field, "metadata.name", "metadata.namespace")
		}
	}
	return nil
}

// Value returns the value of field f of o ("" for an unknown field).
func (fs *FieldSet) Value(o *object.Object, f string) string {
	switch f {
	case "metadata.name":
		return o.Meta.Name
	case "metadata.namespace":
		return o.Meta.Namespace
	}
	if g := fs.fields[f]; g != nil {
		return g(o)
	}
	return ""
}
