package api

import "github.com/loopbook/loopbook/engine/cluster/object"

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
