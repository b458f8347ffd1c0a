package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestBehaviours is the table of Kubernetes' answers: each case is one
// request with the exact status code, reason and message a real API
// server gives. A refused write must leave the store's revision unchanged
// and record no PERSIST event.
func TestBehaviours(t *testing.T) {
	const deployPath = "/apis/apps/v1/namespaces/demo/deployments"
	tests := []struct {
		name    string
		setup   func(h *harness)
		tweak   func(*Config)
		req     *api.Request
		code    int
		reason  api.StatusReason
		message string
		// stopsAt is the gate whose event carries the failure.
		stopsAt trace.Verb
	}{
		{name: "401 unknown token",
			req:  &api.Request{From: "mallory", Token: "wrong", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code: 401, reason: api.ReasonUnauthorized, message: "Unauthorized", stopsAt: trace.Authenticate},
		{name: "403 namespaced resource",
			req:  &api.Request{From: "bob", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Authorize,
			message: `deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`},
		{name: "403 cluster-scoped resource",
			req:  &api.Request{From: "bob", Method: "GET", Path: "/api/v1/nodes"},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Authorize,
			message: `nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope`},
		{name: "403 core group with a name",
			req:  &api.Request{From: "bob", Method: "GET", Path: "/api/v1/namespaces/demo/pods/web"},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Authorize,
			message: `pods "web" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "demo"`},
		{name: "403 subresource",
			req:  &api.Request{From: "bob", Method: "GET", Path: "/api/v1/namespaces/demo/pods/web/log"},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Authorize,
			message: `pods "web" is forbidden: User "bob" cannot get resource "pods/log" in API group "" in the namespace "demo"`},
		{name: "403 non-resource path",
			req:  &api.Request{From: "anonymous", Method: "GET", Path: "/apis"},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Authorize,
			message: `forbidden: User "system:anonymous" cannot get path "/apis"`},
		{name: "404 object not found",
			req:  &api.Request{From: "alice", Method: "GET", Path: deployPath + "/nope"},
			code: 404, reason: api.ReasonNotFound, message: `deployments.apps "nope" not found`},
		{name: "404 unknown resource, after authorization",
			req:  &api.Request{From: "alice", Method: "GET", Path: "/api/v1/namespaces/demo/foos"},
			code: 404, reason: api.ReasonNotFound, message: "the server could not find the requested resource", stopsAt: trace.Route},
		{name: "unknown resource without credentials is 401 first",
			req:  &api.Request{From: "mallory", Token: "wrong", Method: "GET", Path: "/api/v1/namespaces/demo/foos"},
			code: 401, reason: api.ReasonUnauthorized, message: "Unauthorized", stopsAt: trace.Authenticate},
		{name: "405 verb the resource does not take",
			req:  &api.Request{From: "alice", Method: "GET", Path: "/api/v1/namespaces/demo/bindings"},
			code: 405, reason: api.ReasonMethodNotAllowed, message: "the server does not allow this method on the requested resource", stopsAt: trace.Route},
		{name: "409 already exists",
			setup: func(h *harness) { h.must(h.do("alice", "POST", deployPath, deploymentBody("web", int64(3)))) },
			req:   &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code:  409, reason: api.ReasonAlreadyExists, message: `deployments.apps "web" already exists`, stopsAt: trace.Persist},
		{name: "409 conflict on a stale resourceVersion",
			setup: func(h *harness) {
				h.must(h.do("alice", "POST", deployPath, deploymentBody("web", int64(3))))
				h.must(h.do("alice", "PUT", deployPath+"/web", deploymentBody("web", int64(4))))
			},
			req: &api.Request{From: "alice", Method: "PUT", Path: deployPath + "/web", Body: func() map[string]any {
				b := deploymentBody("web", int64(5))
				b["metadata"].(map[string]any)["resourceVersion"] = "9" // the create's, since replaced
				return b
			}()},
			code: 409, reason: api.ReasonConflict, stopsAt: trace.Persist,
			message: `Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`},
		{name: "422 invalid",
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(-1))},
			code: 422, reason: api.ReasonInvalid, stopsAt: trace.Validate,
			message: `Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`},
		{name: "400 a value of the wrong type",
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", "three")},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: `Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`},
		{name: "400 unknown field under Strict",
			req: &api.Request{From: "alice", Method: "POST", Path: deployPath, Write: api.WriteOptions{FieldValidation: "Strict"},
				Body: func() map[string]any {
					b := deploymentBody("web", int64(3))
					b["spec"].(map[string]any)["foo"] = "bar"
					return b
				}()},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: `Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.foo"`},
		{name: "400 a body of another kind",
			req: &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: func() map[string]any {
				b := deploymentBody("web", int64(3))
				b["kind"] = "ReplicaSet"
				return b
			}()},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: `ReplicaSet in version "v1" cannot be handled as a Deployment: converting (v1.ReplicaSet) to (apps.Deployment): unknown conversion`},
		{name: "400 a body of an unknown version",
			req: &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: func() map[string]any {
				b := deploymentBody("web", int64(3))
				b["apiVersion"] = "v1"
				return b
			}()},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: `Deployment in version "v1" cannot be handled as a Deployment: no kind "Deployment" is registered for version "v1" in scheme "pkg/runtime/scheme.go:111"`},
		{name: "400 no body",
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: "the object provided is unrecognized (must be of type Deployment): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)"},
		{name: "400 namespace mismatch",
			req: &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: func() map[string]any {
				b := deploymentBody("web", int64(3))
				b["metadata"].(map[string]any)["namespace"] = "other"
				return b
			}()},
			code: 400, reason: api.ReasonBadRequest, stopsAt: trace.Decode,
			message: "the namespace of the provided object does not match the namespace sent on the request"},
		{name: "429 under overload",
			tweak: func(c *Config) {
				c.NewPrioritizer = func(trace.Actor) Prioritizer {
					return PrioritizerFunc(func(_ sim.Time, u *api.UserInfo, _ api.RequestInfo) Priority {
						if u.Name == "alice" {
							return Priority{Schema: "global-default", Level: "global-default", Rejected: api.NewTooManyRequests(1)}
						}
						return Priority{Schema: "exempt", Level: "exempt"}
					})
				}
			},
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code: 429, reason: api.ReasonTooManyRequests, message: "Too many requests, please try again later.", stopsAt: trace.Prioritize},
		{name: "webhook denial at validating admission",
			setup: func(h *harness) {
				h.adm.validate = func(a *api.AdmissionAttributes) *api.Status {
					return &api.Status{Code: 403, Reason: api.ReasonForbidden,
						Message: `admission webhook "deny-latest.example.com" denied the request: images must not use :latest`}
				}
			},
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code: 403, reason: api.ReasonForbidden, stopsAt: trace.Admit,
			message: `admission webhook "deny-latest.example.com" denied the request: images must not use :latest`},
		{name: "webhook unreachable under failurePolicy Fail",
			setup: func(h *harness) {
				h.adm.mutate = func(a *api.AdmissionAttributes) *api.Status {
					return api.NewInternalError(`failed calling webhook "inject.example.com": failed to call webhook: Post "https://inject.demo.svc:443/?timeout=10s": context deadline exceeded`)
				}
			},
			req:  &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code: 500, reason: api.ReasonInternalError, stopsAt: trace.Admit,
			message: `Internal error occurred: failed calling webhook "inject.example.com": failed to call webhook: Post "https://inject.demo.svc:443/?timeout=10s": context deadline exceeded`},
		{name: "etcd unreachable",
			setup: func(h *harness) { h.p.SetStoreAvailable(false) },
			req:   &api.Request{From: "alice", Method: "POST", Path: deployPath, Body: deploymentBody("web", int64(3))},
			code:  504, reason: api.ReasonTimeout, stopsAt: trace.Persist,
			message: "Timeout: request did not complete within requested timeout - context deadline exceeded"},
		{name: "binding a bound pod",
			setup: func(h *harness) {
				h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("web-1", nil)))
				h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/pods/web-1/binding", bindingBody("web-1", "worker-a")))
			},
			req:  &api.Request{From: "alice", Method: "POST", Path: "/api/v1/namespaces/demo/pods/web-1/binding", Body: bindingBody("web-1", "worker-b")},
			code: 409, reason: api.ReasonConflict, stopsAt: trace.Persist,
			message: `Operation cannot be fulfilled on pods/binding "web-1": pod web-1 is already assigned to node "worker-a"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tweaks []func(*Config)
			if tt.tweak != nil {
				tweaks = append(tweaks, tt.tweak)
			}
			h := newHarness(t, tweaks...)
			if tt.setup != nil {
				tt.setup(h)
			}
			rev, from := h.p.Store().Rev(), h.p.Trace().Len()
			resp := h.req(tt.req, nil)
			if resp.OK() {
				t.Fatalf("got %d, want %d", resp.Code, tt.code)
			}
			if resp.Code != tt.code || resp.Status.Reason != tt.reason || resp.Status.Message != tt.message {
				t.Errorf("got  %d %s %q\nwant %d %s %q", resp.Code, resp.Status.Reason, resp.Status.Message, tt.code, tt.reason, tt.message)
			}
			if got := h.p.Store().Rev(); got != rev {
				t.Errorf("store revision moved from %d to %d", rev, got)
			}
			persists := 0
			var stopped *trace.Event
			for i := from; i < h.p.Trace().Len(); i++ {
				e := h.p.Trace().At(i)
				if e.Verb == trace.Persist && !e.Outcome.Failed() {
					persists++
				}
				if e.Verb.Kind() == trace.KindGate && e.Outcome.Failed() {
					stopped = e
				}
			}
			if persists != 0 {
				t.Errorf("%d successful PERSIST events for a refused request", persists)
			}
			if tt.stopsAt != 0 {
				if stopped == nil || stopped.Verb != tt.stopsAt || stopped.Outcome.Code != tt.code {
					t.Errorf("failed gate %+v, want %s with %d\n%v", stopped, tt.stopsAt, tt.code, h.events(from))
				}
			}
			first := h.p.Trace().At(from)
			if first.From != tt.req.From || first.Outcome.Code != tt.code || first.Outcome.Message != tt.message {
				t.Errorf("request event %+v", first)
			}
		})
	}
}

func bindingBody(pod, node string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "Binding", "metadata": map[string]any{"name": pod},
		"target": map[string]any{"apiVersion": "v1", "kind": "Node", "name": node}}
}
