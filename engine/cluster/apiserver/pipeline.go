package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Stage describes one gate of the request pipeline, for renderers (the
// gates rail) and for the trace: Name is the rail's label, Verb and Phase
// the trace event the gate records.
type Stage struct {
	Name  string
	Verb  trace.Verb
	Phase trace.Phase
}

// Stages returns the pipeline's gates in execution order:
//
//	route, authenticate, prioritize, authorize, decode, mutating admission,
//	validation, validating admission, persist
//
// This is kube-apiserver's order. Its handler chain is built inside out in
// DefaultBuildHandlerChain (k8s.io/apiserver/pkg/server/config.go), so it
// runs WithRequestInfo, WithAuthentication, WithPriorityAndFairness,
// WithAuthorization, then the resource handler, which decodes and
// defaults the body, runs mutating admission, validation, validating
// admission, and writes to storage
// (k8s.io/apiserver/pkg/endpoints/handlers/create.go and update.go).
//
// Which gates a request passes depends on its verb: reads (get, list,
// watch) and non-resource requests stop after authorize and are served;
// connect requests (log, exec, attach, portforward) pass admission only;
// deletes pass admission and persist.
func Stages() []Stage {
	p := pipeline()
	out := make([]Stage, len(p))
	for i, s := range p {
		out[i] = s.Stage
	}
	return out
}

// stage is a gate with its implementation.
type stage struct {
	Stage
	// run performs the gate and records its event; a non-nil Status stops
	// the request with that answer.
	run func(r *request) *api.Status
	// skip reports that the gate does not apply to the request.
	skip func(r *request) bool
	// answersRoute: once this gate passes, a route failure found earlier
	// is answered (Kubernetes routes to a handler, and answers 404 or 405,
	// only after authorization).
	answersRoute bool
}

// pipeline declares the gates, in order. Each is implemented in its own
// file: stage_route.go, stage_authenticate.go, ….
func pipeline() []stage {
	return []stage{
		{Stage: Stage{Name: "route", Verb: trace.Route}, run: runRoute},
		{Stage: Stage{Name: "authenticate", Verb: trace.Authenticate}, run: runAuthenticate},
		{Stage: Stage{Name: "prioritize", Verb: trace.Prioritize}, run: runPrioritize},
		{Stage: Stage{Name: "authorize", Verb: trace.Authorize}, run: runAuthorize, answersRoute: true},
		{Stage: Stage{Name: "decode", Verb: trace.Decode}, run: runDecode, skip: func(r *request) bool { return r.op.decode == nil }},
		{Stage: Stage{Name: "mutating admission", Verb: trace.Admit, Phase: trace.Mutating}, run: runMutatingAdmission, skip: skipAdmission},
		{Stage: Stage{Name: "validation", Verb: trace.Validate}, run: runValidation, skip: func(r *request) bool { return r.op.validate == nil }},
		{Stage: Stage{Name: "validating admission", Verb: trace.Admit, Phase: trace.Validating}, run: runValidatingAdmission, skip: skipAdmission},
		{Stage: Stage{Name: "persist", Verb: trace.Persist}, run: runPersist, skip: func(r *request) bool { return r.op.persist == nil }},
	}
}

// operation is what a request does, found by the route stage: the hooks
// the gates call (nil skips the gate) and the answer.
type operation struct {
	// admission is the admission operation; "" skips both admission gates.
	admission api.Operation
	decode    func(r *request) *api.Status
	validate  func(r *request) *api.Status
	// persist writes to the store and records a PERSIST event per write.
	persist func(r *request) *api.Status
	// respond answers once every gate has passed: it serves reads, and
	// wraps the written object for writes.
	respond func(r *request) *api.Response
}
