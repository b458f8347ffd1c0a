package api

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// HTTP methods the model uses.
const (
	MethodGet    = "GET"
	MethodPost   = "POST"
	MethodPut    = "PUT"
	MethodPatch  = "PATCH"
	MethodDelete = "DELETE"
)

// Request is one call to the API server.
type Request struct {
	// From is the actor sending the request; it names the caller in the
	// trace and is never used to decide anything (the Token is).
	From trace.Actor
	// Token is the bearer credential presented; "" is anonymous. Client
	// certificates are modelled as tokens too: what matters is the identity
	// the API server derives from them.
	Token string
	// Impersonate, when not nil, is what the Impersonate-User,
	// Impersonate-Group and Impersonate-Uid headers ask for: the request
	// acts as that identity, if the caller may impersonate it.
	Impersonate *Impersonation
	Method      string
	// Path is the URL path: /api/v1/namespaces/demo/pods/web,
	// /apis/apps/v1/namespaces/demo/deployments, /version, /readyz, …
	Path string

	List   ListOptions
	Delete DeleteOptions
	Write  WriteOptions
	// PatchType is set for PATCH.
	PatchType PatchType

	// Body is the decoded request body of a write, as a tree of JSON-like
	// values (what a client sent, before any typing), so that decoding
	// errors such as replicas: "three" are the API server's to report.
	Body map[string]any
	// BodyOwned says that Body was built for this request alone and that
	// nothing else refers to its maps and slices: the API server may keep
	// them in the object it decodes instead of copying them, as a server
	// decoding bytes owns what it decodes. The client's request builders
	// set it. Only answers given before decoding carry Retry-After (API
	// Priority and Fairness, a loading watch cache), so a request resent
	// after one still has its body as sent.
	BodyOwned bool
	// Object is the body of a create or an update that an in-model
	// client built as an object for this request alone, sent in place of
	// Body: the API server decodes it as it would the tree the object
	// renders to (Object.ToMap), without rendering it, and may keep its
	// maps and slices, as with BodyOwned. Only plain creates and updates
	// and status updates take it; for anything else, and for an object
	// the decoder would find fault with, the server renders it to Body
	// and decodes that.
	Object *object.Object
	// Patch is the body of a PATCH of type MergePatch or
	// StrategicMergePatch.
	Patch map[string]any
	// JSONPatch is the body of a PATCH of type JSONPatch: the list of
	// operations ({"op": "add", "path": "/spec/replicas", "value": 3}).
	JSONPatch []map[string]any
	// Connect carries the options of a connect subresource (log, exec,
	// attach, portforward).
	Connect ConnectOptions
}

// ListOptions are the query parameters of list and watch
// (metav1.ListOptions).
type ListOptions struct {
	LabelSelector string
	FieldSelector string
	// ResourceVersion "" reads the latest from storage, "0" any version
	// (the watch cache), N at least N; see ResourceVersionMatch.
	ResourceVersion      string
	ResourceVersionMatch string // "", "NotOlderThan" or "Exact"
	Limit                int64
	Continue             string
	Watch                bool
	AllowWatchBookmarks  bool
	// SendInitialEvents asks a watch to start with synthetic ADDED events.
	SendInitialEvents *bool
	TimeoutSeconds    int64
}

// DeleteOptions are the options of delete (metav1.DeleteOptions).
type DeleteOptions struct {
	GracePeriodSeconds *int64
	PropagationPolicy  DeletionPropagation
	Preconditions      *Preconditions
}

// Impersonation is the identity a request asks to act as (kubectl --as,
// --as-group, --as-uid).
type Impersonation struct {
	User   string
	Groups []string
	UID    string
}

// Preconditions must hold for a delete to proceed.
type Preconditions struct {
	UID             string
	ResourceVersion string
}

// DeletionPropagation says how dependents are garbage collected.
type DeletionPropagation string

// The propagation policies (metav1.DeletionPropagation).
const (
	PropagationBackground DeletionPropagation = "Background"
	PropagationForeground DeletionPropagation = "Foreground"
	PropagationOrphan     DeletionPropagation = "Orphan"
)

// WriteOptions are the options of create, update and patch.
type WriteOptions struct {
	// FieldValidation is "Strict", "Warn" (the default) or "Ignore".
	FieldValidation string
	DryRun          bool
	FieldManager    string
}

// PatchType is the content type of a PATCH body.
type PatchType string

// The patch types the model applies.
const (
	MergePatch          PatchType = "application/merge-patch+json"
	StrategicMergePatch PatchType = "application/strategic-merge-patch+json"
	JSONPatch           PatchType = "application/json-patch+json"
)

// ConnectOptions are the options of log, exec, attach and portforward.
type ConnectOptions struct {
	Container string
	Command   []string
	Follow    bool
	TailLines *int64
	Ports     []int32
}

// Response is the API server's answer.
type Response struct {
	// Code is the HTTP status: 200, 201, 202, or the failure's code.
	Code int
	// Status is set on failure (and for a successful delete that returns
	// a Status, as Kubernetes does for some).
	Status *Status
	// Object is the object of get, create, update, patch and delete.
	Object *object.Object
	// Items and ListMeta answer a list.
	Items    []*object.Object
	ListMeta ListMeta
	// Watch is the stream of a watch request.
	Watch Watch
	// Raw is the body of non-object answers: discovery documents, /version,
	// health checks, logs, exec output.
	Raw []byte
	// Warnings are the Warning headers the server sent (unknown fields
	// under field validation Warn, deprecations).
	Warnings []string
}

// OK reports whether the response is a success (2xx).
func (r *Response) OK() bool { return r.Code >= 200 && r.Code < 300 }

// Err returns the failure as an error, or nil on success.
func (r *Response) Err() error {
	if r.OK() {
		return nil
	}
	if r.Status != nil {
		return r.Status
	}
	return &Status{Code: r.Code, Reason: ReasonUnknown, Message: "unknown error"}
}

// ListMeta is the metadata of a list (metav1.ListMeta).
type ListMeta struct {
	ResourceVersion    string
	Continue           string
	RemainingItemCount *int64
}

// WatchEventType is the type of one watch event (watch.EventType).
type WatchEventType = trace.WatchType

// WatchEvent is one event of a watch stream. For ERROR events Status says
// why the watch ended (410 Expired after compaction).
type WatchEvent struct {
	Type   WatchEventType
	Object *object.Object
	Status *Status
}

// Watch is an open watch stream. The API server delivers events to the
// handler through the event loop, in order, exactly once, until Stop is
// called or the server ends the stream (after which Done is true).
type Watch interface {
	// Stop ends the stream; no event is delivered after it returns.
	Stop()
	// Done reports whether the stream has ended, by either side.
	Done() bool
}

// WatchHandler receives the events of a watch. Ended is called once when
// the server closes the stream (an API server stopped, a timeout); it is
// not called after the client's own Stop.
type WatchHandler interface {
	OnEvent(WatchEvent)
	Ended(err error)
}

// Endpoint is what clients talk to: one API server, or a load balancer in
// front of several.
type Endpoint interface {
	// Do handles a request. For a watch (ListOptions.Watch) h receives the
	// events; h is ignored otherwise and may be nil. Once Do returns, the
	// request is the caller's again (a watch's once the watch has ended):
	// an endpoint keeps no reference to it, so a caller may fill the same
	// Request for its next call (see client.Rewriter).
	Do(req *Request, h WatchHandler) *Response
}

// SentTree returns the body of a write as a tree: Body, or the tree that
// Object renders to (Object.ToMap), which shares the object's content.
func (r *Request) SentTree() map[string]any {
	if r.Object != nil {
		return r.Object.ToMap()
	}
	return r.Body
}
