package admission

import "github.com/loopbook/loopbook/engine/cluster/api"

// requestGVR is the group, version and resource the request addresses:
// the RequestInfo's, or the kind's when the API server did not fill it in.
func requestGVR(a *api.AdmissionAttributes) (group, version, resource string) {
	group, version, resource = a.APIGroup, a.APIVersion, a.Resource
	if a.Kind != nil {
		if resource == "" {
			group, resource = a.Kind.Group, a.Kind.Resource
		}
		if version == "" {
			version = a.Kind.Version
		}
	}
	return group, version, resource
}

// groupResource names the resource in messages ("pods",
// "deployments.apps").
func groupResource(a *api.AdmissionAttributes) api.GroupResource {
	g, _, r := requestGVR(a)
	return api.GroupResource{Group: g, Resource: r}
}

// requestName is the name of the object the request is about: the URL's,
// or the object's own on create.
func requestName(a *api.AdmissionAttributes) string {
	switch {
	case a.Name != "":
		return a.Name
	case a.Object != nil:
		return a.Object.Meta.Name
	case a.OldObject != nil:
		return a.OldObject.Meta.Name
	}
	return ""
}

// messageName is the name admission errors print: the object's name, its
// generateName before a name is generated, or "Unknown"
// (k8s.io/apiserver/pkg/admission/errors.go, extractResourceName).
func messageName(a *api.AdmissionAttributes) string {
	if n := requestName(a); n != "" {
		return n
	}
	if a.Object != nil && a.Object.Meta.GenerateName != "" {
		return a.Object.Meta.GenerateName
	}
	return "Unknown"
}

// newForbidden is admission.NewForbidden
// (k8s.io/apiserver/pkg/admission/errors.go): 403 `pods "web" is
// forbidden: REASON`.
func newForbidden(a *api.AdmissionAttributes, reason string) *api.Status {
	return api.NewForbidden(groupResource(a), messageName(a), reason)
}

// isCore reports whether the request is about the core-group resource.
func isCore(a *api.AdmissionAttributes, resource string) bool {
	g, _, r := requestGVR(a)
	return g == "" && r == resource
}

// isKind reports whether the request's kind is group/kind.
func isKind(a *api.AdmissionAttributes, group, kind string) bool {
	return a.Kind != nil && a.Kind.Group == group && a.Kind.Kind == kind
}
