package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// skipAdmission: reads never reach admission, and neither does anything
// when no chain is configured.
func skipAdmission(r *request) bool {
	return r.op.admission == "" || r.s.p.cfg.Admission == nil
}

// runMutatingAdmission is the mutating admission gate: the chain's
// mutating plugins and webhooks may change the object
// (k8s.io/apiserver/pkg/endpoints/handlers/create.go: admit.Admit before
// the storage's Create).
func runMutatingAdmission(r *request) *api.Status {
	a := r.admissionAttributes()
	st := r.s.p.cfg.Admission.Mutate(a)
	r.admitted(trace.Mutating, a, st)
	r.warnings = append(r.warnings, a.Warnings...)
	a.Warnings = nil
	return st
}

// runValidatingAdmission is the validating admission gate: the chain's
// validating plugins and webhooks, which may only accept or refuse
// (rest.AdmissionToValidateObjectFunc, called by the storage after
// validation).
func runValidatingAdmission(r *request) *api.Status {
	a := r.admissionAttributes()
	a.Object, a.OldObject = r.admissionObjects()
	st := r.s.p.cfg.Admission.Validate(a)
	r.admitted(trace.Validating, a, st)
	r.warnings = append(r.warnings, a.Warnings...)
	a.Warnings = nil
	return st
}

// admitted records the ADMIT event unless the chain records its own.
func (r *request) admitted(phase trace.Phase, a *api.AdmissionAttributes, st *api.Status) {
	if !r.s.p.cfg.AdmissionTraced {
		r.gate(trace.Admit, phase, st, "")
	}
}

// admissionAttributes describes the request for admission: the object
// written (for a subresource write, its body: a Binding, an Eviction, a
// Scale), the stored one, who, and which replica. Both phases share it.
func (r *request) admissionAttributes() *api.AdmissionAttributes {
	if r.attrs != nil {
		return r.attrs
	}
	r.attrsBuf = api.AdmissionAttributes{
		Attributes: r.attributes(),
		Operation:  r.op.admission,
		Kind:       r.kind,
		DryRun:     r.req.Write.DryRun,
		Server:     r.s.name,
	}
	a := &r.attrsBuf
	if r.body != nil {
		if k, ok := r.s.p.cfg.Registry.For(r.body); ok {
			a.Kind = k
		}
	}
	a.Object, a.OldObject = r.admissionObjects()
	r.attrs = a
	return a
}

// admissionObjects are the new and old objects admission sees.
func (r *request) admissionObjects() (obj, old *object.Object) {
	switch r.op.admission {
	case api.OpCreate:
		if r.body != nil {
			return r.body, nil
		}
		return r.obj, nil
	case api.OpUpdate:
		if r.body != nil {
			return r.body, r.oldBody()
		}
		return r.obj, r.old
	case api.OpDelete:
		return nil, r.old
	}
	return nil, nil
}
