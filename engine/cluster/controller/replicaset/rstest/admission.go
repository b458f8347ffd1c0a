package rstest

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
)

// PodQuota is an Option whose validating admission refuses Pod creations
// in Namespace past limit, with ResourceQuota's message
// (plugin/pkg/admission/resourcequota: "exceeded quota: …"). It counts
// creations it let through; deletions do not give room back.
func PodQuota(limit int) Option {
	return func(c *apiserver.Config) { c.Admission = &podQuota{limit: limit} }
}

type podQuota struct{ limit, used int }

// Mutate changes nothing.
func (q *podQuota) Mutate(*api.AdmissionAttributes) *api.Status { return nil }

// Validate refuses a Pod creation past the limit.
func (q *podQuota) Validate(a *api.AdmissionAttributes) *api.Status {
	if a.Operation != api.OpCreate || a.Resource != "pods" || a.Subresource != "" || a.Namespace != Namespace {
		return nil
	}
	if q.used >= q.limit {
		return api.NewForbidden(api.GroupResource{Resource: "pods"}, a.Object.Meta.Name,
			fmt.Sprintf("exceeded quota: pods, requested: pods=1, used: pods=%d, limited: pods=%d", q.used, q.limit))
	}
	q.used++
	return nil
}
