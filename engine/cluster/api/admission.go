package api

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Operation is what a write does, as admission sees it
// (k8s.io/apiserver/pkg/admission.Operation).
type Operation string

// The admission operations.
const (
	OpCreate  Operation = "CREATE"
	OpUpdate  Operation = "UPDATE"
	OpDelete  Operation = "DELETE"
	OpConnect Operation = "CONNECT"
)

// AdmissionAttributes describe one write for admission: who, what, and the
// object before and after. Mutating plugins may change Object in place.
type AdmissionAttributes struct {
	Attributes
	Operation Operation
	Kind      *object.KindInfo
	Object    *object.Object // nil for DELETE and CONNECT
	OldObject *object.Object // nil for CREATE
	DryRun    bool

	// Server is the API server replica handling the request; admission
	// traces its gates and webhook calls as this actor. Empty means the
	// chain's default (trace.APIServer unless configured otherwise).
	Server trace.Actor
	// Warnings collects the warnings admission adds (those webhooks return
	// in their AdmissionReview response); the API server sends them as
	// Warning headers.
	Warnings []string
	// AuditAnnotations collects the audit annotations admission adds, such
	// as failed-open.validating.webhook.admission.k8s.io/round_0_index_1
	// when a webhook with failurePolicy Ignore could not be called. Nil
	// until the first one is added.
	AuditAnnotations map[string]string
}

// AddWarning appends a warning for the response.
func (a *AdmissionAttributes) AddWarning(w string) { a.Warnings = append(a.Warnings, w) }

// AddAuditAnnotation records an audit annotation. As
// k8s.io/apiserver/pkg/admission/attributes.go (AddAnnotation) does, a key
// that is already set keeps its first value.
func (a *AdmissionAttributes) AddAuditAnnotation(key, value string) {
	if _, ok := a.AuditAnnotations[key]; ok {
		return
	}
	if a.AuditAnnotations == nil {
		a.AuditAnnotations = map[string]string{}
	}
	a.AuditAnnotations[key] = value
}

// AdmissionPlugin is one step of the admission chain. Admit runs in the
// mutating phase and may change a.Object; Validate runs in the validating
// phase and must not. Either returns a failure Status to reject the
// request, or nil to let it pass. Name is used in the trace.
type AdmissionPlugin interface {
	Name() string
	Admit(a *AdmissionAttributes) *Status
	Validate(a *AdmissionAttributes) *Status
}

// Admission is the whole chain the API server runs: every plugin's Admit
// (built-ins, then mutating webhooks), then every Validate (built-ins, then
// validating webhooks). Implementations trace each plugin or webhook call.
type Admission interface {
	Mutate(a *AdmissionAttributes) *Status
	Validate(a *AdmissionAttributes) *Status
}
