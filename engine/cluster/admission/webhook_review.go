package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Caller is the declared interface from the API server to admission
// webhooks: it delivers one AdmissionReview to the webhook's actor and
// returns its answer. An error means the call failed: a *TimeoutError when
// the webhook did not answer within Target.Timeout, an *UnreachableError
// when it could not be reached; any other error's text is used as the
// transport error. No virtual time passes during a call.
type Caller interface {
	Call(t Target, r *Review) (*ReviewResponse, error)
}

// CallerFunc adapts a function to Caller.
type CallerFunc func(t Target, r *Review) (*ReviewResponse, error)

// Call calls f.
func (f CallerFunc) Call(t Target, r *Review) (*ReviewResponse, error) { return f(t, r) }

// Review is the AdmissionReview request (k8s.io/api/admission/v1,
// AdmissionRequest) the API server sends.
type Review struct {
	// UID identifies the call; the response must echo it.
	UID string
	// Kind and Resource are what the webhook was matched for (another
	// version's under matchPolicy Equivalent); RequestKind and
	// RequestResource what the request addressed.
	Kind, RequestKind         GroupVersionKind
	Resource, RequestResource GroupVersionResource
	SubResource               string
	Name, Namespace           string
	Operation                 api.Operation
	UserInfo                  api.UserInfo
	// Object is the object after mutation so far (nil for DELETE and
	// CONNECT); OldObject the stored one (nil for CREATE). Both are copies
	// the webhook may keep.
	Object, OldObject *object.Object
	DryRun            bool
}

// GroupVersionKind names a kind.
type GroupVersionKind struct{ Group, Version, Kind string }

// GroupVersionResource names a resource.
type GroupVersionResource struct{ Group, Version, Resource string }

// PatchTypeJSONPatch is the only patch type webhooks may return
// (k8s.io/api/admission/v1, PatchTypeJSONPatch).
const PatchTypeJSONPatch = "JSONPatch"

// ReviewResponse is the AdmissionResponse a webhook returns.
type ReviewResponse struct {
	// UID must equal the request's.
	UID     string
	Allowed bool
	// Result explains a denial: its code (default 400 for anything below
	// 400), reason and message.
	Result *api.Status
	// Patch and PatchType ("JSONPatch") come together, from mutating
	// webhooks only.
	Patch            JSONPatch
	PatchType        string
	Warnings         []string
	AuditAnnotations map[string]string
}

// Allow answers the review with allowed: true.
func (r *Review) Allow() *ReviewResponse { return &ReviewResponse{UID: r.UID, Allowed: true} }

// Deny answers with allowed: false and a status of the given code and
// message.
func (r *Review) Deny(code int, message string) *ReviewResponse {
	return &ReviewResponse{UID: r.UID, Result: &api.Status{Code: code, Message: message}}
}

// Mutate answers with allowed: true and a JSON patch.
func (r *Review) Mutate(ops ...PatchOp) *ReviewResponse {
	return &ReviewResponse{UID: r.UID, Allowed: true, Patch: ops, PatchType: PatchTypeJSONPatch}
}

// UIDFunc returns AdmissionReview UIDs drawn from r, in the UUID form
// uuid.NewUUID gives (object.NewUID).
func UIDFunc(r object.Rand) func() string { return func() string { return object.NewUID(r) } }
