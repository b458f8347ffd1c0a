package api

import (
	"fmt"
	"net/http"
)

// StatusReason is a machine-readable reason for a failure
// (metav1.StatusReason).
type StatusReason string

// The reasons the model returns (k8s.io/apimachinery/pkg/apis/meta/v1/types.go).
const (
	ReasonUnknown            StatusReason = ""
	ReasonUnauthorized       StatusReason = "Unauthorized"
	ReasonForbidden          StatusReason = "Forbidden"
	ReasonNotFound           StatusReason = "NotFound"
	ReasonAlreadyExists      StatusReason = "AlreadyExists"
	ReasonConflict           StatusReason = "Conflict"
	ReasonGone               StatusReason = "Gone"
	ReasonInvalid            StatusReason = "Invalid"
	ReasonTimeout            StatusReason = "Timeout"
	ReasonTooManyRequests    StatusReason = "TooManyRequests"
	ReasonBadRequest         StatusReason = "BadRequest"
	ReasonMethodNotAllowed   StatusReason = "MethodNotAllowed"
	ReasonNotAcceptable      StatusReason = "NotAcceptable"
	ReasonInternalError      StatusReason = "InternalError"
	ReasonExpired            StatusReason = "Expired"
	ReasonServiceUnavailable StatusReason = "ServiceUnavailable"
	// ReasonUnsupportedMediaType is 415: a patch type the resource does
	// not take.
	ReasonUnsupportedMediaType StatusReason = "UnsupportedMediaType"
)

// Status is a failed call's answer (metav1.Status), and an error.
type Status struct {
	Code    int
	Reason  StatusReason
	Message string
	Details *StatusDetails
	// RetryAfterSeconds is the Retry-After header of a 429 or 503.
	RetryAfterSeconds int
	// Continue is the metadata.continue of a 410 answering an expired
	// continue token: a token that continues the list at the newest
	// revision (k8s.io/apiserver/pkg/storage/etcd3/errors.go,
	// handleCompactedErrorForPaging).
	Continue string
}

// StatusDetails names the object a failure is about.
type StatusDetails struct {
	Name   string
	Group  string
	Kind   string // the resource, as Kubernetes puts it in Details.Kind
	Causes []StatusCause
}

// StatusCause is one field-level cause of an Invalid status.
type StatusCause struct {
	Type    string
	Message string
	Field   string
}

// Error returns the message, as kubectl prints it after "Error from server
// (Reason): ".
func (s *Status) Error() string { return s.Message }

// Kubectl formats the status as kubectl prints a server error.
func (s *Status) Kubectl() string {
	if s.Reason == ReasonUnknown {
		return "Error from server: " + s.Message
	}
	return fmt.Sprintf("Error from server (%s): %s", s.Reason, s.Message)
}

// Response wraps the status in a failed Response.
func (s *Status) Response() *Response { return &Response{Code: s.Code, Status: s} }

// GroupResource names a resource in messages: "deployments.apps", or
// "pods" for the core group (schema.GroupResource.String).
type GroupResource struct {
	Group    string
	Resource string
}

// String is "resource.group", or "resource" in the core group.
func (gr GroupResource) String() string {
	if gr.Group == "" {
		return gr.Resource
	}
	return gr.Resource + "." + gr.Group
}

// The constructors below reproduce k8s.io/apimachinery/pkg/api/errors/errors.go.

// NewNotFound is 404: `deployments.apps "web" not found`.
func NewNotFound(gr GroupResource, name string) *Status {
	return &Status{Code: http.StatusNotFound, Reason: ReasonNotFound,
		Message: fmt.Sprintf("%s %q not found", gr, name),
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource}}
}

// NewAlreadyExists is 409: `deployments.apps "web" already exists`.
func NewAlreadyExists(gr GroupResource, name string) *Status {
	return &Status{Code: http.StatusConflict, Reason: ReasonAlreadyExists,
		Message: fmt.Sprintf("%s %q already exists", gr, name),
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource}}
}

// OptimisticLockErrorMsg is the detail of a Conflict on a stale
// resourceVersion (k8s.io/apiserver/pkg/registry/generic/registry/store.go).
const OptimisticLockErrorMsg = "the object has been modified; please apply your changes to the latest version and try again"

// NewConflict is 409: `Operation cannot be fulfilled on deployments.apps
// "web": the object has been modified; …`.
func NewConflict(gr GroupResource, name string, detail string) *Status {
	return &Status{Code: http.StatusConflict, Reason: ReasonConflict,
		Message: fmt.Sprintf("Operation cannot be fulfilled on %s %q: %s", gr, name, detail),
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource}}
}

// NewInvalid is 422 with the full message already formatted (see
// object.InvalidMessage) and the field causes.
func NewInvalid(gr GroupResource, kind, name, message string, causes []StatusCause) *Status {
	return &Status{Code: http.StatusUnprocessableEntity, Reason: ReasonInvalid, Message: message,
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: kind, Causes: causes}}
}

// NewForbidden is 403: `deployments.apps "web" is forbidden: REASON`, or
// without a name `deployments.apps is forbidden: REASON`.
func NewForbidden(gr GroupResource, name, reason string) *Status {
	var msg string
	if name == "" {
		msg = fmt.Sprintf("%s is forbidden: %s", gr, reason)
	} else {
		msg = fmt.Sprintf("%s %q is forbidden: %s", gr, name, reason)
	}
	return &Status{Code: http.StatusForbidden, Reason: ReasonForbidden, Message: msg,
		Details: &StatusDetails{Name: name, Group: gr.Group, Kind: gr.Resource}}
}

// NewForbiddenPath is 403 for a non-resource URL:
// `forbidden: User "bob" cannot get path "/metrics"`.
func NewForbiddenPath(reason string) *Status {
	return &Status{Code: http.StatusForbidden, Reason: ReasonForbidden, Message: "forbidden: " + reason}
}

// NewUnauthorized is 401 with the message "Unauthorized".
func NewUnauthorized() *Status {
	return &Status{Code: http.StatusUnauthorized, Reason: ReasonUnauthorized, Message: "Unauthorized"}
}

// NewTooManyRequests is 429 from API Priority and Fairness: "Too many
// requests, please try again later." with Retry-After
// (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go).
func NewTooManyRequests(retryAfter int) *Status {
	return &Status{Code: http.StatusTooManyRequests, Reason: ReasonTooManyRequests,
		Message: "Too many requests, please try again later.", RetryAfterSeconds: retryAfter}
}

// NewResourceExpired is 410 Expired: a watch or list from a compacted
// resourceVersion ("too old resource version: 5 (12)").
func NewResourceExpired(message string) *Status {
	return &Status{Code: http.StatusGone, Reason: ReasonExpired, Message: message}
}

// NewInternalError is 500: "Internal error occurred: DETAIL".
func NewInternalError(detail string) *Status {
	return &Status{Code: http.StatusInternalServerError, Reason: ReasonInternalError,
		Message: "Internal error occurred: " + detail}
}

// NewServiceUnavailable is 503 with the given message.
func NewServiceUnavailable(message string) *Status {
	return &Status{Code: http.StatusServiceUnavailable, Reason: ReasonServiceUnavailable, Message: message}
}

// NewTimeout is 504: "Timeout: DETAIL".
func NewTimeout(detail string) *Status {
	return &Status{Code: http.StatusGatewayTimeout, Reason: ReasonTimeout, Message: "Timeout: " + detail}
}

// NewBadRequest is 400 with the given message.
func NewBadRequest(message string) *Status {
	return &Status{Code: http.StatusBadRequest, Reason: ReasonBadRequest, Message: message}
}

// NewMethodNotSupported is 405: `VERB is not supported on resources of
// kind "RESOURCE"`.
func NewMethodNotSupported(gr GroupResource, verb string) *Status {
	return &Status{Code: http.StatusMethodNotAllowed, Reason: ReasonMethodNotAllowed,
		Message: fmt.Sprintf("%s is not supported on resources of kind %q", verb, gr.String()),
		Details: &StatusDetails{Group: gr.Group, Kind: gr.Resource}}
}

// IsReason reports whether err is a Status with the given reason.
func IsReason(err error, reason StatusReason) bool {
	s, ok := err.(*Status)
	return ok && s.Reason == reason
}
