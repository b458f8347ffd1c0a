package apiserver

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// fakeAuthn knows the fixture's tokens: each token is its user's name.
type fakeAuthn map[string]*api.UserInfo

func (f fakeAuthn) AuthenticateToken(token string) (*api.UserInfo, bool) {
	if token == "" {
		return &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}, true
	}
	u, ok := f[token]
	return u, ok
}

func users() fakeAuthn {
	return fakeAuthn{
		"admin": {Name: "admin", Groups: []string{api.GroupMasters}},
		"alice": {Name: "alice", Groups: []string{"developers"}},
		"bob":   {Name: "bob"},
	}
}

// fakeAuthz allows system:masters and developers everything; anonymous
// users only /version and the health endpoints; nobody else anything.
type fakeAuthz struct{}

func (fakeAuthz) Authorize(a api.Attributes) (api.Decision, string) {
	if a.User.InGroup(api.GroupMasters) || a.User.InGroup("developers") {
		return api.DecisionAllow, "allowed by test policy"
	}
	if !a.IsResourceRequest && (a.Path == "/version" || a.Path == "/readyz" || a.Path == "/livez" || a.Path == "/healthz") {
		return api.DecisionAllow, ""
	}
	return api.DecisionNoOpinion, ""
}

// fakeAdmission records what it is asked and answers from its fields.
type fakeAdmission struct {
	calls            []string
	mutate, validate func(a *api.AdmissionAttributes) *api.Status
}

func (f *fakeAdmission) Mutate(a *api.AdmissionAttributes) *api.Status {
	f.calls = append(f.calls, "mutate "+string(a.Operation)+" "+a.Resource)
	if f.mutate != nil {
		return f.mutate(a)
	}
	return nil
}

func (f *fakeAdmission) Validate(a *api.AdmissionAttributes) *api.Status {
	f.calls = append(f.calls, "validate "+string(a.Operation)+" "+a.Resource)
	if f.validate != nil {
		return f.validate(a)
	}
	return nil
}

// harness is a control plane with the fakes, and helpers to call it.
type harness struct {
	t    testing.TB
	loop *sim.Loop
	p    *Plane
	adm  *fakeAdmission
}

func newHarness(t *testing.T, tweak ...func(*Config)) *harness {
	t.Helper()
	h := &harness{t: t, loop: sim.NewLoop(), adm: &fakeAdmission{}}
	cfg := Config{Loop: h.loop, Rand: sim.NewRand(7), Authenticator: users(), Authorizer: fakeAuthz{}, Admission: h.adm}
	for _, f := range tweak {
		f(&cfg)
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.p = p
	h.must(h.do("admin", "POST", "/api/v1/namespaces", obj("v1", "Namespace", "", "demo", nil)))
	return h
}

// do sends a request as user (also its token) through the endpoint.
func (h *harness) do(user, method, path string, body map[string]any) *api.Response {
	return h.p.Endpoint().Do(&api.Request{From: trace.Actor(user), Token: user, Method: method, Path: path, Body: body}, nil)
}

// req sends a fully built request.
func (h *harness) req(r *api.Request, w api.WatchHandler) *api.Response {
	if r.Token == "" && r.From != "" && r.From != "anonymous" {
		r.Token = string(r.From)
	}
	return h.p.Endpoint().Do(r, w)
}

// getJSON GETs path as the admin and decodes the JSON document answered.
func (h *harness) getJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	resp := h.must(h.do("admin", "GET", path, nil))
	var m map[string]any
	if err := json.Unmarshal(resp.Raw, &m); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, resp.Raw)
	}
	return m
}

func (h *harness) must(resp *api.Response) *api.Response {
	h.t.Helper()
	if !resp.OK() {
		h.t.Fatalf("request failed: %d %+v", resp.Code, resp.Status)
	}
	return resp
}

// obj builds a request body.
func obj(apiVersion, kind, namespace, name string, content map[string]any) map[string]any {
	md := map[string]any{"name": name}
	if namespace != "" {
		md["namespace"] = namespace
	}
	out := map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": md}
	for k, v := range content {
		out[k] = v
	}
	return out
}

func deploymentBody(name string, replicas any) map[string]any {
	return obj("apps/v1", "Deployment", "", name, map[string]any{"spec": map[string]any{
		"replicas": replicas,
		"selector": map[string]any{"matchLabels": map[string]any{"app": name}},
		"template": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": name}},
			"spec":     map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}},
		},
	}})
}

func podBody(name string, labels map[string]any) map[string]any {
	md := map[string]any{"name": name}
	if labels != nil {
		md["labels"] = labels
	}
	return map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": md,
		"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}}
}

// events returns the trace events after position from, as "FROM VERB
// RESOURCE NAME CODE" lines, for compact assertions.
func (h *harness) events(from int) []string {
	var out []string
	l := h.p.Trace()
	for i := from; i < l.Len(); i++ {
		e := l.At(i)
		res := e.Resource
		if e.Subresource != "" {
			res += "/" + e.Subresource
		}
		line := fmt.Sprintf("%s %s %s %s", e.From, e.Verb, res, e.Name)
		if e.Outcome.Code != 0 {
			line += fmt.Sprintf(" %d", e.Outcome.Code)
		}
		out = append(out, strings.Join(strings.Fields(line), " "))
	}
	return out
}

// countVerb counts the events with verb after position from.
func (h *harness) countVerb(from int, v trace.Verb) int {
	n := 0
	l := h.p.Trace()
	for i := from; i < l.Len(); i++ {
		if l.At(i).Verb == v {
			n++
		}
	}
	return n
}

// recorder is a watch handler that keeps what it receives.
type recorder struct {
	events []api.WatchEvent
	ended  bool
	err    error
}

func (r *recorder) OnEvent(e api.WatchEvent) { r.events = append(r.events, e) }
func (r *recorder) Ended(err error)          { r.ended, r.err = true, err }

// types renders the received events as "TYPE name@rv".
func (r *recorder) types() []string {
	var out []string
	for _, e := range r.events {
		s := e.Type.String()
		if e.Object != nil {
			s += " " + e.Object.Meta.Name + "@" + e.Object.Meta.ResourceVersion
		}
		if e.Status != nil {
			s += " " + e.Status.Message
		}
		out = append(out, s)
	}
	return out
}

// kind returns a registered kind.
func (h *harness) kind(group, resource string) *object.KindInfo {
	k, ok := h.p.Registry().ByResource(group, resource)
	if !ok {
		h.t.Fatalf("no kind %s %s", group, resource)
	}
	return k
}
