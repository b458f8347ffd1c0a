package admission

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// review builds the AdmissionReview request of an invocation, as
// CreateV1AdmissionReview (webhook/request/admissionreview.go) does. For a
// Namespace, the namespace is the Namespace's own name, as in Kubernetes'
// admission attributes.
func (s *webhookSource) review(a *api.AdmissionAttributes, inv *invocation) *Review {
	group, version, resource := requestGVR(a)
	r := &Review{
		UID:             s.NewUID(),
		Kind:            inv.kind,
		Resource:        inv.resource,
		RequestKind:     GroupVersionKind{Group: group, Version: version, Kind: inv.kind.Kind},
		RequestResource: GroupVersionResource{Group: group, Version: version, Resource: resource},
		SubResource:     a.Subresource,
		Name:            requestName(a),
		Namespace:       a.Namespace,
		Operation:       a.Operation,
		DryRun:          a.DryRun,
		Object:          a.Object.DeepCopy(),
		OldObject:       a.OldObject.DeepCopy(),
	}
	if isCore(a, "namespaces") {
		r.Namespace = r.Name
	}
	if u := a.User; u != nil {
		r.UserInfo = api.UserInfo{Name: u.Name, UID: u.UID, Groups: slices.Clone(u.Groups), Extra: maps.Clone(u.Extra)}
	}
	return r
}
