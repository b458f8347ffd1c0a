package object

// controllerRevisionKind is apps/v1 ControllerRevision as kube-apiserver
// v1.37 serves it (pkg/registry/apps/controllerrevision: no short name,
// no subresource; printer columns NAME, CONTROLLER, REVISION, AGE): the
// StatefulSet and DaemonSet controllers' record of each Pod template they
// ran.
func controllerRevisionKind() *KindInfo {
	return &KindInfo{Group: "apps", Version: "v1", Kind: "ControllerRevision", Resource: "controllerrevisions", Namespaced: true, Verbs: verbsAll,
		Columns: cols("Name", "Controller", "Revision", "Age"), Validate: validateControllerRevision, Schema: controllerRevisionSchema}
}

var controllerRevisionSchema = topLevel("ControllerRevision", fields{"data": sAny, "revision": sInt64})

// validateControllerRevision is ValidateControllerRevisionCreate and
// ValidateControllerRevisionUpdate (pkg/apis/apps/validation), in
// kube-apiserver v1.37's order: revision not negative, data mandatory
// and immutable.
func validateControllerRevision(o, old *Object) FieldErrors {
	errs := nonNegative(o.Content, "", "revision")
	if o.Content["data"] == nil {
		errs = append(errs, Required("data", "data is mandatory"))
	}
	if old != nil && !EqualValues(o.Content["data"], old.Content["data"]) {
		errs = append(errs, Invalid("data", o.Content["data"], FieldImmutableErrorMsg))
	}
	return errs
}
