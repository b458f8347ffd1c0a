package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
)

// invocation is a webhook that is to be called, and for which version of
// the resource.
type invocation struct {
	hook     *Webhook
	index    int
	resource GroupVersionResource
	kind     GroupVersionKind
}

// exemptFromWebhooks is rules.IsExemptAdmissionConfigurationResource:
// requests on the admission configuration kinds themselves never reach
// webhooks, so a broken webhook cannot lock its own configuration.
func exemptFromWebhooks(a *api.AdmissionAttributes) bool {
	if a.Kind == nil || a.Kind.Group != "admissionregistration.k8s.io" {
		return false
	}
	switch a.Kind.Kind {
	case "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration",
		"ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding",
		"MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding":
		return true
	}
	return false
}

// shouldCall is generic.Webhook.ShouldCallHook
// (k8s.io/apiserver/pkg/admission/plugin/webhook/generic/webhook.go): the
// namespace selector, the object selector, then the rules (exactly, then
// through equivalent versions). A selector error matters only when the
// rules match.
func (s *webhookSource) shouldCall(h *Webhook, a *api.AdmissionAttributes) (*invocation, *api.Status) {
	nsMatch, nsErr := s.matchNamespace(h, a)
	if !nsMatch && nsErr == nil {
		return nil, nil
	}
	if !matchObject(h, a) {
		return nil, nil
	}
	group, version, resource := requestGVR(a)
	q := RequestMatch{Operation: string(a.Operation), Group: group, Version: version,
		Resource: resource, Subresource: a.Subresource, Namespace: a.Namespace}
	kind := GroupVersionKind{Group: group, Version: version}
	if a.Kind != nil {
		kind.Kind = a.Kind.Kind
	}
	var inv *invocation
	for _, r := range h.Rules {
		if r.Matches(q) {
			inv = &invocation{hook: h, resource: GroupVersionResource{group, version, resource}, kind: kind}
			break
		}
	}
	if inv == nil && h.MatchPolicy == "Equivalent" && s.Registry != nil {
		inv = s.matchEquivalent(h, q, kind)
	}
	if inv == nil {
		return nil, nil
	}
	if nsErr != nil {
		return nil, nsErr
	}
	return inv, nil
}

// matchEquivalent tries the rules against the resource's other served
// versions, earlier rules first.
func (s *webhookSource) matchEquivalent(h *Webhook, q RequestMatch, kind GroupVersionKind) *invocation {
	versions := s.Registry.Versions(q.Group, q.Resource)
	for _, r := range h.Rules {
		for _, k := range versions {
			if k.Version == q.Version {
				continue
			}
			eq := q
			eq.Version = k.Version
			if r.Matches(eq) {
				kind.Version = k.Version
				return &invocation{hook: h, resource: GroupVersionResource{q.Group, k.Version, q.Resource}, kind: kind}
			}
		}
	}
	return nil
}

// matchNamespace is namespace.Matcher.MatchNamespaceSelector
// (predicates/namespace/matcher.go): cluster-scoped requests other than on
// Namespaces always match; a Namespace being created or updated is
// matched by its new labels; a missing namespace is 404.
func (s *webhookSource) matchNamespace(h *Webhook, a *api.AdmissionAttributes) (bool, *api.Status) {
	isNamespace := isCore(a, "namespaces")
	if a.Namespace == "" && !isNamespace {
		return true, nil
	}
	if h.NamespaceSelector.Empty() {
		return true, nil
	}
	if isNamespace && a.Subresource == "" && (a.Operation == api.OpCreate || a.Operation == api.OpUpdate) && a.Object != nil {
		return h.NamespaceSelector.Matches(a.Object.Meta.Labels), nil
	}
	name := a.Namespace
	if isNamespace {
		name = requestName(a)
	}
	var ns = s.Namespaces
	if ns == nil {
		return false, api.NewNotFound(api.GroupResource{Resource: "namespaces"}, name)
	}
	obj := ns.Namespace(name)
	if obj == nil {
		return false, api.NewNotFound(api.GroupResource{Resource: "namespaces"}, name)
	}
	return h.NamespaceSelector.Matches(obj.Meta.Labels), nil
}

// matchObject is object.Matcher.MatchObjectSelector
// (predicates/object/matcher.go): the new or the old object's labels.
func matchObject(h *Webhook, a *api.AdmissionAttributes) bool {
	if h.ObjectSelector.Empty() {
		return true
	}
	return (a.Object != nil && h.ObjectSelector.Matches(a.Object.Meta.Labels)) ||
		(a.OldObject != nil && h.ObjectSelector.Matches(a.OldObject.Meta.Labels))
}
