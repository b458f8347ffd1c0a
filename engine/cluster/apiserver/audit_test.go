package apiserver

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/audit"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// auditPolicy logs nothing for health checks and the admin, creates and
// deletes of Pods with both bodies, everything else as metadata, and
// never the RequestReceived stage.
const auditPolicy = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
  - level: None
    nonResourceURLs: ["/healthz*", "/readyz*", "/livez*"]
  - level: None
    users: [admin]
  - level: RequestResponse
    verbs: [create, delete]
    resources: [{group: "", resources: [pods]}]
  - level: Metadata
`

func newAudited(t *testing.T, policy string) *standardHarness {
	t.Helper()
	p, err := audit.Decode([]byte(policy))
	if err != nil {
		t.Fatal(err)
	}
	return newStandard(t, func(c *Config) { c.AuditPolicy = p })
}

// auditRecord is what the tests read of a log line.
type auditRecord struct {
	Level, Stage, Verb, RequestURI string
	User                           struct{ Username string }
	ObjectRef                      *struct{ Resource, Namespace, Name string }
	ResponseStatus                 *struct {
		Code           int
		Reason, Status string
		Message        string
	}
	RequestObject, ResponseObject json.RawMessage
	Annotations                   map[string]string
}

func records(t *testing.T, log *audit.Log, from int) []auditRecord {
	t.Helper()
	var out []auditRecord
	lines := strings.Split(strings.TrimSuffix(log.Lines(nil), "\n"), "\n")
	for _, l := range lines[from:] {
		var r auditRecord
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		out = append(out, r)
	}
	return out
}

func TestAuditLevelsAndStages(t *testing.T) {
	h := newAudited(t, auditPolicy)
	log := h.p.AuditLog()
	if log.Len() != 0 {
		t.Fatalf("the admin's set-up requests were logged: %s", log.Lines(nil))
	}
	tests := []struct {
		name     string
		send     func() *api.Response
		code     int
		want     []string // level stage verb user code, one per record
		bodies   [2]bool  // request object, response object in the last record
		decision string
	}{
		{name: "create pod: RequestResponse, both bodies",
			send: func() *api.Response {
				return h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("web-a", nil))
			},
			code: 201, want: []string{"RequestResponse ResponseComplete create alice 201"}, bodies: [2]bool{true, true}, decision: "allow"},
		{name: "get pod: metadata only",
			send: func() *api.Response { return h.do("alice", "GET", "/api/v1/namespaces/demo/pods/web-a", nil) },
			code: 200, want: []string{"Metadata ResponseComplete get alice 200"}, decision: "allow"},
		{name: "forbidden delete keeps the failure",
			send: func() *api.Response { return h.do("bob", "DELETE", "/api/v1/namespaces/demo/pods/web-a", nil) },
			code: 403, want: []string{"RequestResponse ResponseComplete delete bob 403"}, decision: "forbid"},
		{name: "health checks are not logged",
			send: func() *api.Response { return h.do("alice", "GET", "/readyz", nil) },
			code: 200},
		{name: "the admin is not logged",
			send: func() *api.Response { return h.do("admin", "GET", "/api/v1/namespaces/demo/pods/web-a", nil) },
			code: 200},
		{name: "a refused token: one ResponseStarted record, no user",
			send: func() *api.Response { return h.do("mallory", "GET", "/api/v1/namespaces/demo/pods", nil) },
			code: 401, want: []string{"Metadata ResponseStarted list  401"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from := log.Len()
			if resp := tt.send(); resp.Code != tt.code {
				t.Fatalf("code %d, want %d", resp.Code, tt.code)
			}
			recs := records(t, log, from)
			var got []string
			for _, r := range recs {
				code := 0
				if r.ResponseStatus != nil {
					code = r.ResponseStatus.Code
				}
				got = append(got, strings.Join([]string{r.Level, r.Stage, r.Verb, r.User.Username, strconv.Itoa(code)}, " "))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if len(recs) == 0 {
				return
			}
			last := recs[len(recs)-1]
			if (last.RequestObject != nil) != tt.bodies[0] || (last.ResponseObject != nil) != tt.bodies[1] {
				t.Errorf("bodies: request %v response %v, want %v", last.RequestObject != nil, last.ResponseObject != nil, tt.bodies)
			}
			if d := last.Annotations[annotationDecision]; d != tt.decision {
				t.Errorf("decision annotation %q, want %q", d, tt.decision)
			}
		})
	}
}

func TestAuditFailureStatusAndObjectRef(t *testing.T) {
	h := newAudited(t, auditPolicy)
	log := h.p.AuditLog()
	h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("web-a", nil))
	h.do("bob", "DELETE", "/api/v1/namespaces/demo/pods/web-a", nil)
	recs := records(t, log, 0)
	create, del := recs[0], recs[1]
	if create.ObjectRef == nil || create.ObjectRef.Name != "web-a" || create.ObjectRef.Namespace != "demo" {
		t.Errorf("a create's objectRef names the object from its body: %+v", create.ObjectRef)
	}
	if !strings.Contains(string(create.RequestObject), `"name":"web-a"`) {
		t.Errorf("requestObject: %s", create.RequestObject)
	}
	if !strings.Contains(string(create.ResponseObject), `"uid":`) {
		t.Errorf("responseObject is the stored object, with its uid: %s", create.ResponseObject)
	}
	st := del.ResponseStatus
	if st == nil || st.Status != "Failure" || st.Reason != "Forbidden" ||
		st.Message != `pods "web-a" is forbidden: User "bob" cannot delete resource "pods" in API group "" in the namespace "demo"` {
		t.Errorf("forbidden status: %+v", st)
	}
	if _, ok := del.Annotations[annotationReason]; !ok {
		t.Error("a forbid keeps the (empty) reason annotation")
	}
}

func TestAuditWatchStages(t *testing.T) {
	h := newAudited(t, auditPolicy)
	log := h.p.AuditLog()
	w := &recorder{}
	resp := h.req(&api.Request{From: "alice", Method: "GET", Path: "/api/v1/namespaces/demo/pods",
		List: api.ListOptions{Watch: true, ResourceVersion: "0", TimeoutSeconds: 300}}, w)
	if resp.Watch == nil {
		t.Fatalf("no watch: %d %+v", resp.Code, resp.Status)
	}
	recs := records(t, log, 0)
	if len(recs) != 1 || recs[0].Stage != "ResponseStarted" || recs[0].Verb != "watch" {
		t.Fatalf("a watch writes ResponseStarted when it opens: %+v", recs)
	}
	if got, want := recs[0].RequestURI, "/api/v1/namespaces/demo/pods?resourceVersion=0&timeoutSeconds=300&watch=true"; got != want {
		t.Errorf("requestURI %q, want %q", got, want)
	}
	resp.Watch.Stop()
	recs = records(t, log, 0)
	if len(recs) != 2 || recs[1].Stage != "ResponseComplete" {
		t.Fatalf("stopping the watch completes the record: %+v", recs)
	}
	resp.Watch.Stop()
	if log.Len() != 2 {
		t.Errorf("a second Stop wrote another record")
	}
}

func TestAuditTraceEvents(t *testing.T) {
	policy := strings.Replace(auditPolicy, "omitStages: [RequestReceived]\n", "", 1)
	h := newAudited(t, policy)
	from := h.p.Trace().Len()
	h.do("alice", "GET", "/api/v1/namespaces/demo/pods", nil)
	var stages []string
	for i := from; i < h.p.Trace().Len(); i++ {
		ev := h.p.Trace().At(i)
		if ev.Verb == trace.Audit {
			stages = append(stages, ev.Phase.String()+" "+ev.Detail+" "+ev.Resource)
		}
	}
	want := "RequestReceived Metadata pods,ResponseComplete Metadata pods"
	if got := strings.Join(stages, ","); got != want {
		t.Errorf("AUDIT events %q, want %q", got, want)
	}
}

func TestAuditGolden(t *testing.T) {
	h := newAudited(t, auditPolicy)
	h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("web-a", nil))
	h.do("alice", "GET", "/api/v1/namespaces/demo/pods?limit=500", nil)
	h.do("bob", "DELETE", "/api/v1/namespaces/demo/pods/web-a", nil)
	h.do("mallory", "GET", "/version", nil)
	golden(t, "audit.jsonl", []byte(h.p.AuditLog().Lines(nil)))
}

// An impersonated request is audited under the caller, with whom it acted
// as from the stage after RequestReceived on (audit.LogImpersonatedUser).
func TestAuditImpersonatedUser(t *testing.T) {
	h := newAudited(t, "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: Metadata\n")
	log := h.p.AuditLog()
	from := log.Len()
	resp := h.p.Endpoint().Do(&api.Request{From: "admin", Token: "admin", Method: "GET", Path: "/api/v1/namespaces/demo/pods",
		Impersonate: &api.Impersonation{User: "alice", Groups: []string{"developers"}}}, nil)
	if resp.Code != 200 {
		t.Fatalf("code %d: %v", resp.Code, resp.Status)
	}
	lines := strings.Split(strings.TrimSuffix(log.Lines(nil), "\n"), "\n")[from:]
	if len(lines) != 2 {
		t.Fatalf("%d records: %q", len(lines), lines)
	}
	var received, complete struct {
		Stage            string
		User             struct{ Username string }
		ImpersonatedUser *struct {
			Username string
			Groups   []string
		}
	}
	if json.Unmarshal([]byte(lines[0]), &received) != nil || json.Unmarshal([]byte(lines[1]), &complete) != nil {
		t.Fatalf("records %q", lines)
	}
	if received.Stage != "RequestReceived" || received.User.Username != "admin" || received.ImpersonatedUser != nil {
		t.Errorf("RequestReceived %+v", received)
	}
	if iu := complete.ImpersonatedUser; complete.User.Username != "admin" || iu == nil || iu.Username != "alice" ||
		strings.Join(iu.Groups, ",") != "developers,system:authenticated" {
		t.Errorf("ResponseComplete %+v", complete)
	}
}
