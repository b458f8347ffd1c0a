package spec

import (
	"time"

	"github.com/loopbook/loopbook/engine/diag"
)

// Fixture is the cluster a scenario starts from: a file of
// lessons/_fixtures, or a scenario's inline cluster. Fields left unset
// take Kubernetes' defaults, applied by the engine, not here.
type Fixture struct {
	// Pos is the position of the fixture's first key.
	Pos  diag.Pos
	Name Scalar[string]
	// Replica counts of the control plane (engine default: 1 each).
	APIServers         Scalar[int]
	ControllerManagers Scalar[int]
	Schedulers         Scalar[int]
	Nodes              []Node
	// Images, in the order written.
	Images  []Image
	Users   []User
	Objects Document
	// Timings overrides the model's default timings, in the order
	// written.
	Timings []Timing
	// AuditPolicy is the API servers' audit policy (an audit.k8s.io/v1
	// Policy, as kube-apiserver reads from --audit-policy-file); unset,
	// nothing is audited.
	AuditPolicy Document
}

// Node is a worker Node of a fixture.
type Node struct {
	Pos  diag.Pos
	Name Scalar[string]
	// Capacity maps resource names (cpu, memory, pods, …) to quantities,
	// kept as written ("4", "8Gi", "110"), in order.
	Capacity []KeyValue
	Labels   []KeyValue
	Taints   []Taint
	// Zone is a shorthand for the topology.kubernetes.io/zone label.
	Zone Scalar[string]
}

// Taint is a Node taint, written "key=value:Effect", "key:Effect" or as a
// mapping {key, value, effect}.
type Taint struct {
	Key, Value string
	// Effect is NoSchedule, PreferNoSchedule or NoExecute.
	Effect string
	Pos    diag.Pos
}

// Image describes how containers of one image behave. Unset fields take
// the engine's defaults: pull 2s, start 1s, serve HTTP 200, pass probes,
// never exit.
type Image struct {
	Pos diag.Pos
	// Ref is the image reference, the key of the images mapping.
	Ref         Scalar[string]
	PullSeconds Scalar[float64]
	// StartSeconds is how long the container takes to start.
	StartSeconds Scalar[float64]
	// PullFails is set by "pull: fail": ErrImagePull, then
	// ImagePullBackOff.
	PullFails Scalar[bool]
	// ReadyAfter is when, after start, the readiness probe first passes.
	ReadyAfter Scalar[time.Duration]
	// ExitAfter and ExitCode make the container exit that long after it
	// starts, with that code.
	ExitAfter Scalar[time.Duration]
	ExitCode  Scalar[int]
	// Probe is "pass" or "fail": how the container answers probes.
	Probe Scalar[string]
	Logs  []Scalar[string]
	// HTTP lists the container's answers to data-plane requests.
	HTTP []HTTPAnswer
	// CPU and Memory are the container's usage, as quantities ("250m",
	// "64Mi"), for metrics.
	CPU    Scalar[string]
	Memory Scalar[string]
}

// HTTPAnswer is how a container answers requests for a path.
type HTTPAnswer struct {
	Pos diag.Pos
	// Path is the request path; "/" when not written.
	Path Scalar[string]
	// Code is the status code; 200 when not written.
	Code  Scalar[int]
	Body  Scalar[string]
	Delay Scalar[time.Duration]
}

// User is an identity that authenticates with a token.
type User struct {
	Pos    diag.Pos
	Name   Scalar[string]
	Groups []Scalar[string]
	// Token is the bearer token; the engine makes one up when unset.
	Token Scalar[string]
}

// Timing overrides one of the model's timings.
type Timing struct {
	Pos  diag.Pos
	Name string
	// Value is the duration as written; Duration the parsed value.
	Value    string
	Duration time.Duration
}

// NodeNames returns the names of the fixture's nodes, in order.
func (f *Fixture) NodeNames() []string {
	var out []string
	for _, n := range f.Nodes {
		out = append(out, n.Name.Value)
	}
	return out
}

// UserNames returns the names of the fixture's users, in order.
func (f *Fixture) UserNames() []string {
	var out []string
	for _, u := range f.Users {
		out = append(out, u.Name.Value)
	}
	return out
}
