package result

import "github.com/loopbook/loopbook/engine/cluster/object"

// Object is one API object, flattened for display.
type Object struct {
	APIVersion, Kind, Namespace, Name string
	// Fields are the object's leaf fields, in path order
	// (".metadata.name" = "web"); managedFields and other noise are left
	// out.
	Fields []Field
	// Source is the stored object the fields were read from (shared:
	// never to be modified); nil for an object built by hand.
	Source *object.Object
}

// YAML returns the object as "kubectl get -o yaml" would print it,
// encoded from Source on each call; "" when there is no Source.
func (o *Object) YAML() string {
	if o.Source == nil {
		return ""
	}
	return string(object.EncodeYAML(o.Source, object.OrderKubernetes))
}

// Field is one leaf field of an object.
type Field struct {
	Path, Value string
}
