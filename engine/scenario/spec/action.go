package spec

import (
	"time"

	"github.com/loopbook/loopbook/engine/diag"
)

// Action is one entry of a scenario's run, one type per form:
//
//	as: USER + apply | create      *Apply (Create set for create)
//	as: USER + get | delete         *Get, *Delete
//	as: USER + patch + with         *Patch
//	as: USER + scale + replicas     *Scale
//	as: USER + logs | exec          *Logs, *Exec
//	as: USER + raw                  *Raw
//	as: USER + kubectl              *Kubectl
//	fault | restore                 *FaultAction (Restore set for restore)
//	traffic                         *Traffic
//	audit                           *AuditLog
//	wait                            *Wait
//	until (+ limit)                 *Until
type Action interface {
	// Base returns what every action has: its position and optional id.
	Base() *ActionBase
	action()
}

// ActionBase holds what every action has.
type ActionBase struct {
	// Pos is the position of the action's first key.
	Pos diag.Pos
	// ID names the action for claims (response ID, after ID); unset when
	// not written.
	ID Scalar[string]
}

// Base returns the action's common part.
func (b *ActionBase) Base() *ActionBase { return b }

func (*ActionBase) action() {}

// Request is the part of an API action that says who sends it.
type Request struct {
	// As is the user the request authenticates as.
	As Scalar[string]
}

// Apply creates or updates the object in Object (apply:), or only creates
// it, failing when it exists (create:).
type Apply struct {
	ActionBase
	Request
	Create bool
	Object Document
}

// Get reads one object.
type Get struct {
	ActionBase
	Request
	Target ObjectRef
}

// Delete deletes one object.
type Delete struct {
	ActionBase
	Request
	Target ObjectRef
}

// Patch sends a JSON merge patch (With) to one object.
type Patch struct {
	ActionBase
	Request
	Target ObjectRef
	With   Data
}

// Scale sets an object's replicas through its scale subresource.
type Scale struct {
	ActionBase
	Request
	Target   ObjectRef
	Replicas Scalar[int]
}

// Logs reads a Pod's container log (GET pods/log).
type Logs struct {
	ActionBase
	Request
	Target ObjectRef
	// Container is unset for the Pod's only (or first) container.
	Container Scalar[string]
}

// Exec runs a command in a Pod's container (CREATE pods/exec).
type Exec struct {
	ActionBase
	Request
	Target    ObjectRef
	Container Scalar[string]
	Command   []Scalar[string]
}

// Raw sends a request to any API path ("GET /version").
type Raw struct {
	ActionBase
	Request
	// Method is GET, POST, PUT, PATCH or DELETE.
	Method Word
	// Path starts with "/".
	Path Word
	// Body is the request body, if any.
	Body Document
}

// Follow keeps a user's client informed about a kind for a while, the
// two ways a client can: by polling (LIST every Every) or, with Watch, as
// an informer does (one LIST, then a WATCH from its resourceVersion).
// Written "poll: KIND [NAMESPACE]" with every and for, or "watch: KIND
// [NAMESPACE]" with for.
type Follow struct {
	ActionBase
	Request
	Watch bool
	Kind  Word
	// Namespace is "" for every namespace.
	Namespace string
	Every     Scalar[time.Duration]
	For       Scalar[time.Duration]
}

// FaultAction injects a fault, or with Restore, repairs it.
type FaultAction struct {
	ActionBase
	Restore bool
	Fault   *Fault
}

// Traffic sends Count data-plane requests from From to a Service (or a
// Pod).
type Traffic struct {
	ActionBase
	// From is the client actor ("client", or a Pod's actor).
	From Word
	// Target is "service NAMESPACE/NAME", "pod NAMESPACE/NAME",
	// "gateway NAMESPACE/NAME" or "ingress NAMESPACE/NAME".
	Target ObjectRef
	// Count is the number of requests; 1 when not written.
	Count Scalar[int]
	// LoadBalancer is set by "loadbalancer NAMESPACE/NAME": the requests
	// enter through the Service's external load balancer, from outside.
	LoadBalancer bool
	// Gateway is set by "gateway NAMESPACE/NAME": the requests go to the
	// Gateway's proxy with the Host header Host and the path Path (both
	// optional), which routes them by its HTTPRoutes.
	Gateway    bool
	Host, Path Scalar[string]
}

// ToIngress reports whether the requests go to an Ingress's address
// ("ingress NAMESPACE/NAME"), routed by its controller's proxy.
func (t *Traffic) ToIngress() bool { return t.Target.Kind.Text == "ingress" }

// Routed reports whether a proxy routes the requests by Host and Path:
// traffic to a Gateway or an Ingress.
func (t *Traffic) Routed() bool { return t.Gateway || t.ToIngress() }

// Load sets the CPU a workload's traffic costs: CPU (a quantity, "780m")
// is shared equally by the running Pods the selector picks in Namespace,
// and is what metrics-server reports for them; "0" removes it. Written
// "load: NAMESPACE SELECTOR" with cpu.
type Load struct {
	ActionBase
	Namespace Word
	Selector  string
	CPU       Scalar[string]
}

// Wait lets virtual time pass.
type Wait struct {
	ActionBase
	For Scalar[time.Duration]
}

// Until runs the cluster until Claim holds, failing after Limit of
// virtual time (10m when not written).
type Until struct {
	ActionBase
	Claim Claim
	Limit Scalar[time.Duration]
}
