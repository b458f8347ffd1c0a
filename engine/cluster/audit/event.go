package audit

import (
	"encoding/json"
	"time"
)

// Event is one audit record (audit.k8s.io/v1 Event). The API server
// fills it in as the request passes its handler chain and writes a copy
// at each stage the policy does not omit.
type Event struct {
	Level Level
	// AuditID is the request's unique id, the same at every stage.
	AuditID string
	Stage   Stage
	// RequestURI is the path with its query, as the client sent it.
	RequestURI string
	// Verb is the API verb (get, list, watch, create, …) or, for a
	// non-resource request, the lower-case HTTP method.
	Verb string
	// User is who the request authenticated as; empty when
	// authentication failed.
	User UserInfo
	// ImpersonatedUser is who the request acted as, when it impersonated
	// (from the stage after RequestReceived on).
	ImpersonatedUser *UserInfo
	SourceIPs        []string
	UserAgent        string
	// ObjectRef is the object a resource request addresses; nil for a
	// non-resource request.
	ObjectRef      *ObjectReference
	ResponseStatus *ResponseStatus
	// RequestObject and ResponseObject are the bodies, JSON, at levels
	// Request and RequestResponse.
	RequestObject, ResponseObject json.RawMessage
	RequestReceivedTimestamp      time.Time
	StageTimestamp                time.Time
	// Annotations are what the request's handlers added: the
	// authorization decision and its reason, webhook mutations, …
	Annotations map[string]string

	// Server is the API server replica that wrote the record (its actor
	// name); Seq the trace event of the request. Neither is in the JSON.
	Server string
	Seq    int
}

// UserInfo is authentication.k8s.io/v1 UserInfo.
type UserInfo struct {
	Username string              `json:"username,omitempty"`
	UID      string              `json:"uid,omitempty"`
	Groups   []string            `json:"groups,omitempty"`
	Extra    map[string][]string `json:"extra,omitempty"`
}

// ObjectReference is the object a request addresses, in the v1 field
// order.
type ObjectReference struct {
	Resource        string `json:"resource,omitempty"`
	Namespace       string `json:"namespace,omitempty"`
	Name            string `json:"name,omitempty"`
	UID             string `json:"uid,omitempty"`
	APIGroup        string `json:"apiGroup,omitempty"`
	APIVersion      string `json:"apiVersion,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	Subresource     string `json:"subresource,omitempty"`
}

// ResponseStatus is the metav1.Status recorded for the response: the code
// alone for a success, the failure's status, message, reason and details
// otherwise.
type ResponseStatus struct {
	Status  string         `json:"status,omitempty"`
	Message string         `json:"message,omitempty"`
	Reason  string         `json:"reason,omitempty"`
	Details *StatusDetails `json:"details,omitempty"`
	Code    int            `json:"code,omitempty"`
}

// StatusDetails is metav1.StatusDetails, without causes.
type StatusDetails struct {
	Name  string `json:"name,omitempty"`
	Group string `json:"group,omitempty"`
	Kind  string `json:"kind,omitempty"`
}

// microTime is metav1.MicroTime's format (RFC3339Micro).
const microTime = "2006-01-02T15:04:05.000000Z07:00"

// MarshalJSON writes the event as the log backend does: Kubernetes' v1
// field order, kind and apiVersion first, bodies as they were encoded,
// map keys sorted.
func (e *Event) MarshalJSON() ([]byte, error) {
	type status struct {
		Metadata struct{} `json:"metadata"`
		ResponseStatus
	}
	type wire struct {
		Kind                     string            `json:"kind"`
		APIVersion               string            `json:"apiVersion"`
		Level                    Level             `json:"level"`
		AuditID                  string            `json:"auditID"`
		Stage                    Stage             `json:"stage"`
		RequestURI               string            `json:"requestURI"`
		Verb                     string            `json:"verb"`
		User                     UserInfo          `json:"user"`
		ImpersonatedUser         *UserInfo         `json:"impersonatedUser,omitempty"`
		SourceIPs                []string          `json:"sourceIPs,omitempty"`
		UserAgent                string            `json:"userAgent,omitempty"`
		ObjectRef                *ObjectReference  `json:"objectRef,omitempty"`
		ResponseStatus           *status           `json:"responseStatus,omitempty"`
		RequestObject            json.RawMessage   `json:"requestObject,omitempty"`
		ResponseObject           json.RawMessage   `json:"responseObject,omitempty"`
		RequestReceivedTimestamp string            `json:"requestReceivedTimestamp"`
		StageTimestamp           string            `json:"stageTimestamp"`
		Annotations              map[string]string `json:"annotations,omitempty"`
	}
	w := wire{
		Kind: "Event", APIVersion: APIVersion, Level: e.Level, AuditID: e.AuditID, Stage: e.Stage,
		RequestURI: e.RequestURI, Verb: e.Verb, User: e.User, ImpersonatedUser: e.ImpersonatedUser, SourceIPs: e.SourceIPs, UserAgent: e.UserAgent,
		ObjectRef: e.ObjectRef, RequestObject: e.RequestObject, ResponseObject: e.ResponseObject,
		RequestReceivedTimestamp: e.RequestReceivedTimestamp.UTC().Format(microTime),
		StageTimestamp:           e.StageTimestamp.UTC().Format(microTime),
		Annotations:              e.Annotations,
	}
	if e.ResponseStatus != nil {
		w.ResponseStatus = &status{ResponseStatus: *e.ResponseStatus}
	}
	return json.Marshal(w)
}
