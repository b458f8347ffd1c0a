package auth

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The metadata every bootstrap object carries (bootstrappolicy/policy.go,
// Label and Annotation): reconciliation at API server start keeps objects
// with autoupdate "true" up to date.
const (
	bootstrapLabel       = "kubernetes.io/bootstrapping"
	autoupdateAnnotation = "rbac.authorization.kubernetes.io/autoupdate"
	rbacAPIVersion       = RBACGroup + "/v1"
)

// BootstrapObjects returns the default ClusterRoles and ClusterRoleBindings
// the API server creates at start that the model's actors rely on, in a
// fixed order: the ClusterRoles of bootstrappolicy/policy.go, then the
// per-controller roles of controller_policy.go, then the bindings in the
// same two groups. Each call returns fresh objects.
//
// Included: cluster-admin, admin, edit, view (and the system:aggregate-to-*
// roles they aggregate), system:discovery, system:monitoring,
// system:basic-user, system:public-info-viewer, system:node (bound to
// nobody), system:kube-controller-manager, system:volume-scheduler,
// system:service-account-issuer-discovery, system:node-proxier,
// system:kube-scheduler, and the controller roles of the Controller*
// constants. admin, edit and view come with their rules already
// aggregated, as the clusterrole-aggregation controller leaves them moments
// after start; their aggregationRule is kept.
func BootstrapObjects() []*object.Object {
	specs := append(clusterRoles(), controllerRoles()...)
	var out []*object.Object
	for _, s := range specs {
		out = append(out, s.object())
	}
	aggregateAll(out)
	for _, b := range append(clusterRoleBindings(), controllerRoleBindings()...) {
		out = append(out, b.object())
	}
	return out
}

func bootstrapMeta(name string, labels map[string]string) object.Meta {
	l := map[string]string{bootstrapLabel: "rbac-defaults"}
	for k, v := range labels {
		l[k] = v
	}
	return object.Meta{Name: name, Labels: l, Annotations: map[string]string{autoupdateAnnotation: "true"}}
}

func (s roleSpec) object() *object.Object {
	o := object.New(rbacAPIVersion, "ClusterRole")
	o.Meta = bootstrapMeta(s.name, s.labels)
	rules := make([]any, len(s.rules))
	for i, r := range s.rules {
		rules[i] = r.Value()
	}
	o.Content["rules"] = rules
	if len(s.aggregate) > 0 {
		var selectors []any
		for _, key := range s.aggregate {
			selectors = append(selectors, map[string]any{"matchLabels": map[string]any{key: "true"}})
		}
		o.Content["aggregationRule"] = map[string]any{"clusterRoleSelectors": selectors}
	}
	return o
}

func (b bindingSpec) object() *object.Object {
	o := object.New(rbacAPIVersion, "ClusterRoleBinding")
	o.Meta = bootstrapMeta(b.name, nil)
	o.Content["roleRef"] = map[string]any{"apiGroup": RBACGroup, "kind": "ClusterRole", "name": b.name}
	if len(b.subjects) > 0 {
		subjects := make([]any, len(b.subjects))
		for i, s := range b.subjects {
			subjects[i] = s.Value()
		}
		o.Content["subjects"] = subjects
	}
	return o
}
