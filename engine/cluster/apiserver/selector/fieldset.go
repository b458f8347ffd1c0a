package selector

import (
	"fmt"
	"strconv"

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

// FieldsFor returns the field set of group/resource.
func FieldsFor(group, resource string) *FieldSet {
	fs := &FieldSet{fields: map[string]func(*object.Object) string{}}
	key := resource
	if group != "" {
		key = resource + "." + group
	}
	for _, f := range selectable[key] {
		fs.fields[f] = fieldGetter(f)
	}
	fs.custom = len(selectable[key]) > 0
	fs.noNamespace = key == "nodes"
	return fs
}

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
