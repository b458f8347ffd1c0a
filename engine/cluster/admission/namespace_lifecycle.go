package admission

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// NamespaceTerminatingCause is the cause type NamespaceLifecycle adds to a
// create refused in a terminating namespace (v1.NamespaceTerminatingCause,
// k8s.io/api/core/v1/types.go).
const NamespaceTerminatingCause = "NamespaceTerminating"

// NamespaceLifecycle is k8s.io/apiserver/pkg/admission/plugin/namespace/
// lifecycle/admission.go, in the mutating phase as there:
//   - deleting default, kube-system or kube-public is 403 `namespaces
//     "default" is forbidden: this namespace may not be deleted`;
//   - creating or updating in a namespace that does not exist is 404
//     `namespaces "demo" not found`;
//   - creating in a Terminating namespace is 403 `pods "web" is forbidden:
//     unable to create new content in namespace demo because it is being
//     terminated`, with a NamespaceTerminating cause.
//
// Cluster-scoped resources, Namespaces themselves, deletions and
// localsubjectaccessreviews always pass. The model's namespace reads are
// never stale, so the plugin's cache wait and live lookup are not needed.
type NamespaceLifecycle struct {
	namespaces Namespaces
	immortal   []string
}

var _ Mutator = (*NamespaceLifecycle)(nil)

// NewNamespaceLifecycle returns the plugin reading namespaces from ns.
func NewNamespaceLifecycle(ns Namespaces) *NamespaceLifecycle {
	// The immortal namespaces: metav1.NamespaceDefault, NamespaceSystem,
	// NamespacePublic (Register in admission.go).
	return &NamespaceLifecycle{namespaces: ns, immortal: []string{"default", "kube-system", "kube-public"}}
}

// Name is "NamespaceLifecycle".
func (*NamespaceLifecycle) Name() string { return NamespaceLifecycleName }

// Handles is Scoped: Admit takes creates and updates of namespaced
// objects and deletes of Namespaces; Validate does nothing.
func (*NamespaceLifecycle) Handles(op api.Operation, group, resource, _ string) (admit, validate bool) {
	return op == api.OpCreate || op == api.OpUpdate || op == api.OpDelete && group == "" && resource == "namespaces", false
}

// Admit applies the namespace rules.
func (l *NamespaceLifecycle) Admit(a *api.AdmissionAttributes) *api.Status {
	return l.AdmitChanges(a, &trace.Change{})
}

// AdmitChanges is Admit; the plugin never changes the object.
func (l *NamespaceLifecycle) AdmitChanges(a *api.AdmissionAttributes, _ *trace.Change) *api.Status {
	if a.Operation != api.OpCreate && a.Operation != api.OpUpdate && a.Operation != api.OpDelete {
		return nil // the plugin's Handler takes Create, Update and Delete
	}
	isNamespace := isKind(a, "", "Namespace")
	if a.Operation == api.OpDelete && isNamespace {
		for _, n := range l.immortal {
			if n == requestName(a) {
				return api.NewForbidden(groupResource(a), n, "this namespace may not be deleted")
			}
		}
	}
	if isNamespace || a.Namespace == "" || a.Operation == api.OpDelete {
		return nil
	}
	if g, _, r := requestGVR(a); g == "authorization.k8s.io" && r == "localsubjectaccessreviews" {
		return nil // isAccessReview: not-found would leak which namespaces exist
	}
	ns := l.namespaces.Namespace(a.Namespace)
	if ns == nil {
		return api.NewNotFound(api.GroupResource{Resource: "namespaces"}, a.Namespace)
	}
	if a.Operation == api.OpCreate && namespacePhase(ns) == "Terminating" {
		st := newForbidden(a, fmt.Sprintf("unable to create new content in namespace %s because it is being terminated", a.Namespace))
		st.Details.Causes = append(st.Details.Causes, api.StatusCause{
			Type:    NamespaceTerminatingCause,
			Message: fmt.Sprintf("namespace %s is being terminated", a.Namespace),
			Field:   "metadata.namespace",
		})
		return st
	}
	return nil
}

// Validate does nothing: the plugin only admits.
func (*NamespaceLifecycle) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// namespacePhase is the Namespace's status.phase.
func namespacePhase(ns *object.Object) string {
	s, _ := ns.Status()["phase"].(string)
	return s
}
