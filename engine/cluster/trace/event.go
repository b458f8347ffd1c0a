package trace

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Actor names a participant: a user ("alice"), a component ("apiserver",
// "apiserver-2", "etcd", "scheduler", "deployment-controller"), a
// node-local one ("kubelet/worker-a", "runtime/worker-a",
// "proxy/worker-a"), or "fault".
type Actor string

// Well-known actors.
const (
	APIServer  Actor = "apiserver"
	Etcd       Actor = "etcd"
	Scheduler  Actor = "scheduler"
	FaultActor Actor = "fault"
)

// Kubelet returns the actor of the kubelet on node.
func Kubelet(node string) Actor { return Actor("kubelet/" + node) }

// Runtime returns the actor of the container runtime on node.
func Runtime(node string) Actor { return Actor("runtime/" + node) }

// ServiceProxy returns the actor of the service proxy on node.
func ServiceProxy(node string) Actor { return Actor("proxy/" + node) }

// Event is one traced interaction or decision.
type Event struct {
	// Seq is the event's position in its log, from 0; Append sets it.
	Seq int `json:"seq"`
	// Time is the virtual instant of the event.
	Time sim.Time `json:"t"`
	// From is the actor that acted; To the one it addressed, if any.
	From Actor `json:"from"`
	To   Actor `json:"to,omitempty"`
	Verb Verb  `json:"verb"`
	// The object concerned. Group is "" for the core group; Namespace is
	// "" for cluster-scoped objects. For AUTHENTICATE, Name is the user.
	Group       string `json:"group,omitempty"`
	Resource    string `json:"resource,omitempty"`
	Subresource string `json:"subresource,omitempty"`
	Namespace   string `json:"namespace,omitempty"`
	Name        string `json:"name,omitempty"`
	// RVBefore and RVAfter are the object's resourceVersion before and
	// after the event (opaque strings, as clients must treat them).
	RVBefore string `json:"rvBefore,omitempty"`
	RVAfter  string `json:"rvAfter,omitempty"`
	// Phase tells the two ADMIT gates apart, and the stage of an AUDIT.
	Phase Phase `json:"phase,omitempty"`
	// WatchType is the type of a NOTIFY's watch event.
	WatchType WatchType `json:"watchType,omitempty"`
	Outcome   Outcome   `json:"outcome,omitzero"`
	// Change is what the event did to the object, nil for nothing: most
	// events change nothing, so it is kept apart (see Changes).
	Change *Change `json:"change,omitempty"`
	// Detail is a free note for readers; nothing queries it.
	Detail string `json:"detail,omitempty"`
}

// Outcome is how an event ended.
type Outcome struct {
	// Code is the HTTP status, 0 when the event is not an HTTP exchange
	// (a gate that let the request through, a node-local call).
	Code int `json:"code,omitempty"`
	// Reason is Kubernetes' metav1.StatusReason for a failure
	// ("Forbidden", "Conflict", …; see the Reason constants), or a short
	// word for a non-HTTP failure ("ErrImagePull").
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// Failed reports whether the outcome is a failure: a status of 400 or
// more, or a reason.
func (o Outcome) Failed() bool { return o.Code >= 400 || o.Reason != "" }

// The metav1.StatusReason values the model uses, with the status code each
// goes with (k8s.io/apimachinery/pkg/apis/meta/v1/types.go).
const (
	ReasonUnauthorized       = "Unauthorized"       // 401
	ReasonForbidden          = "Forbidden"          // 403
	ReasonNotFound           = "NotFound"           // 404
	ReasonMethodNotAllowed   = "MethodNotAllowed"   // 405
	ReasonAlreadyExists      = "AlreadyExists"      // 409
	ReasonConflict           = "Conflict"           // 409
	ReasonGone               = "Gone"               // 410
	ReasonExpired            = "Expired"            // 410
	ReasonInvalid            = "Invalid"            // 422
	ReasonTooManyRequests    = "TooManyRequests"    // 429
	ReasonBadRequest         = "BadRequest"         // 400
	ReasonInternalError      = "InternalError"      // 500
	ReasonServiceUnavailable = "ServiceUnavailable" // 503
	ReasonTimeout            = "Timeout"            // 504
)

// Change summarises what an event did to an object, as field paths
// (".spec.replicas", ".metadata.labels.app").
type Change struct {
	Set     []string `json:"set,omitempty"`     // fields that were absent
	Changed []string `json:"changed,omitempty"` // fields whose value changed
	Removed []string `json:"removed,omitempty"` // fields that were present

	// pending fills in the lists on first read (see Log.Defer).
	pending ChangeSource
}

// ChangeSource works out a change when it is first read: most changes
// recorded are never read, and comparing two objects field by field costs
// more than the rest of their write.
type ChangeSource interface {
	// Summarize sets the lists of the Change it was deferred on the first
	// time it is called, and does nothing after that. Readers of one
	// run's trace may share it between goroutines, so it must be safe to
	// call concurrently.
	Summarize()
}

// Resolve works out a deferred change if it has not been; it does nothing
// to one that is not deferred. It is safe for concurrent use.
func (c *Change) Resolve() {
	if c.pending != nil {
		c.pending.Summarize()
	}
}

// IsZero reports whether the change is empty.
func (c Change) IsZero() bool { return len(c.Set) == 0 && len(c.Changed) == 0 && len(c.Removed) == 0 }

// OrNil returns c for an Event's Change: a pointer to a copy of it, or nil
// when it is empty. The copy is made inside the branch: taking the
// receiver's address would move it to the heap on every call, empty or not.
func (c Change) OrNil() *Change {
	if c.IsZero() {
		return nil
	}
	cp := c
	return &cp
}

// Changes returns what the event did to its object; empty when nothing.
func (e *Event) Changes() Change {
	if e.Change == nil {
		return Change{}
	}
	e.Change.Resolve()
	return *e.Change
}

// withChangeResolved is e with its change worked out, and none when that
// comes out empty, as an event that changes nothing has none. e itself is
// left as it is: readers may share it.
func (e *Event) withChangeResolved() *Event {
	if e.Change == nil || e.Change.pending == nil {
		return e
	}
	e.Change.Resolve()
	if !e.Change.IsZero() {
		return e
	}
	cp := *e
	cp.Change = nil
	return &cp
}

// Phase tells apart the two admission gates, and the stages of AUDIT
// records (named as Kubernetes' audit stages).
type Phase uint8

const (
	Mutating   Phase = iota + 1 // mutating admission, before validation
	Validating                  // validating admission, after it

	RequestReceived  // an audit record written when the request arrives
	ResponseStarted  // … when a long-running response starts
	ResponseComplete // … when the response is complete
	Panic            // … when the server panicked
)

var phaseNames = [...]string{Mutating: "mutating", Validating: "validating",
	RequestReceived: "RequestReceived", ResponseStarted: "ResponseStarted",
	ResponseComplete: "ResponseComplete", Panic: "Panic"}

func (p Phase) String() string {
	if p == 0 || int(p) >= len(phaseNames) {
		return fmt.Sprintf("Phase(%d)", uint8(p))
	}
	return phaseNames[p]
}

func (p Phase) MarshalText() ([]byte, error) {
	if p == 0 || int(p) >= len(phaseNames) {
		return nil, fmt.Errorf("trace: invalid phase %d", uint8(p))
	}
	return []byte(phaseNames[p]), nil
}

func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if i > 0 && n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("trace: unknown phase %q", b)
}

// WatchType is the type of a watch event, as apimachinery's
// watch.EventType (k8s.io/apimachinery/pkg/watch/watch.go).
type WatchType uint8

const (
	Added WatchType = iota + 1
	Modified
	Deleted
	Bookmark
	Error
)

var watchTypeNames = [...]string{Added: "ADDED", Modified: "MODIFIED", Deleted: "DELETED", Bookmark: "BOOKMARK", Error: "ERROR"}

func (w WatchType) String() string {
	if w == 0 || int(w) >= len(watchTypeNames) {
		return fmt.Sprintf("WatchType(%d)", uint8(w))
	}
	return watchTypeNames[w]
}

func (w WatchType) MarshalText() ([]byte, error) {
	if w == 0 || int(w) >= len(watchTypeNames) {
		return nil, fmt.Errorf("trace: invalid watch type %d", uint8(w))
	}
	return []byte(watchTypeNames[w]), nil
}

func (w *WatchType) UnmarshalText(b []byte) error {
	for i, n := range watchTypeNames {
		if i > 0 && n == string(b) {
			*w = WatchType(i)
			return nil
		}
	}
	return fmt.Errorf("trace: unknown watch type %q", b)
}
