package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runValidation is the validation gate: the registry strategy's
// preparation (PrepareForCreate / PrepareForUpdate, system fields,
// generateName) and validation, 422 Invalid on failure
// (k8s.io/apiserver/pkg/registry/rest/create.go BeforeCreate and
// update.go BeforeUpdate).
func runValidation(r *request) *api.Status {
	st := r.op.validate(r)
	r.gate(trace.Validate, 0, st, "")
	return st
}
