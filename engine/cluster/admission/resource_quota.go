package admission

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/quota"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ResourceQuotaName is the plugin's name.
const ResourceQuotaName = "ResourceQuota"

// Quotas reads a namespace's ResourceQuotas and records their usage, for
// the ResourceQuota plugin. The API server implements it over its
// storage.
type Quotas interface {
	// Quotas returns the stored ResourceQuotas of namespace, by name. They
	// belong to the caller's storage: the plugin only reads them.
	Quotas(namespace string) []*object.Object
	// UpdateQuotaStatus stores q, a stored quota with a new status.used,
	// as the API server replica server writes it: kube-apiserver's quota
	// evaluator does through its loopback client.
	UpdateQuotaStatus(server trace.Actor, q *object.Object) error
}

// ResourceQuota is the ResourceQuota admission plugin
// (k8s.io/apiserver/pkg/admission/plugin/resourcequota, v1.37): a create
// in a namespace with quotas is charged against each quota it falls
// under. It is refused, 403 Forbidden, when a container does not name a
// cpu or memory amount a quota limits ("failed quota: NAME: must specify
// …"), when a quota's usage is not yet known ("status unknown for quota:
// NAME, resources: …"), or when it would take a quota past its hard
// limit ("exceeded quota: NAME, requested: …, used: …, limited: …");
// otherwise the quotas' status.used grows by its usage before it is
// stored. Deviation: only creates are charged (Kubernetes also charges a
// Pod's in-place resize).
type ResourceQuota struct {
	quotas Quotas
	now    func() time.Time
}

// NewResourceQuota returns the plugin over quotas, timed by now.
func NewResourceQuota(quotas Quotas, now func() time.Time) *ResourceQuota {
	return &ResourceQuota{quotas: quotas, now: now}
}

// Name returns "ResourceQuota".
func (*ResourceQuota) Name() string { return ResourceQuotaName }

// Handles is Scoped: Validate takes creates (not of subresources); Admit
// does nothing.
func (*ResourceQuota) Handles(op api.Operation, _, _, sub string) (admit, validate bool) {
	return false, op == api.OpCreate && sub == ""
}

// Admit does nothing: the plugin only validates.
func (*ResourceQuota) Admit(*api.AdmissionAttributes) *api.Status { return nil }

// Validate charges a create against the namespace's quotas.
func (p *ResourceQuota) Validate(a *api.AdmissionAttributes) *api.Status {
	if a.Operation != api.OpCreate || a.Subresource != "" || a.Namespace == "" || a.Object == nil || p.quotas == nil {
		return nil
	}
	quotas := p.quotas.Quotas(a.Namespace)
	if len(quotas) == 0 {
		return nil
	}
	group, _, resource := requestGVR(a)
	type charged struct {
		q          *object.Object
		hard, used quota.List
	}
	var hits []charged
	for _, q := range quotas {
		hard := quota.Of(object.MapAt(q.Status(), "hard"))
		if !quota.Matches(q, group, resource, a.Object, hard) {
			continue
		}
		restricted := quota.Matching(group, resource, hard)
		if err := quota.Constraints(group, resource, restricted, a.Object); err != nil {
			return newForbidden(a, fmt.Sprintf("failed quota: %s: %v", q.Meta.Name, err))
		}
		used := quota.Of(object.MapAt(q.Status(), "used"))
		for _, r := range restricted {
			if _, ok := used[r]; !ok {
				return newForbidden(a, fmt.Sprintf("status unknown for quota: %s, resources: %s", q.Meta.Name, strings.Join(restricted, ",")))
			}
		}
		hits = append(hits, charged{q, hard, used})
	}
	delta := quota.Usage(group, resource, a.Object, p.now())
	for n, v := range delta {
		if v.IsZero() {
			delete(delta, n)
		}
	}
	if len(delta) == 0 || len(hits) == 0 {
		return nil
	}
	updated := make([]*object.Object, 0, len(hits))
	for _, h := range hits {
		names := make([]string, 0, len(h.hard))
		for n := range h.hard {
			names = append(names, n)
		}
		requested := delta.Mask(names)
		newUsage := quota.List{}
		for n, v := range h.used {
			newUsage[n] = v
		}
		var exceeded []string
		for n, v := range requested {
			newUsage[n] = quota.Add(newUsage[n], v)
			if newUsage[n].Cmp(h.hard[n]) > 0 {
				exceeded = append(exceeded, n)
			}
		}
		if len(exceeded) > 0 {
			return newForbidden(a, fmt.Sprintf("exceeded quota: %s, requested: %s, used: %s, limited: %s",
				h.q.Meta.Name, requested.Mask(exceeded), h.used.Mask(exceeded), h.hard.Mask(exceeded)))
		}
		q := h.q.DeepCopy()
		st := object.MapAt(q.Content, "status")
		st["used"] = newUsage.Tree()
		updated = append(updated, q)
	}
	if a.DryRun {
		return nil
	}
	for _, q := range updated {
		if err := p.quotas.UpdateQuotaStatus(a.Server, q); err != nil {
			return api.NewInternalError(err.Error())
		}
	}
	return nil
}
