package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// readerObjects are conversation 14's fixture objects: ServiceAccount
// demo/pod-reader, opted in to projected tokens, allowed to get and list
// Pods in demo and nothing else.
const readerObjects = `
apiVersion: v1
kind: ServiceAccount
metadata:
  name: pod-reader
  namespace: demo
  annotations: {podclient.loopbook.dev/project-token: "true"}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: demo}
rules: [{apiGroups: [""], resources: [pods], verbs: [get, list]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: pod-reader, namespace: demo}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects: [{kind: ServiceAccount, name: pod-reader, namespace: demo}]
`

// readerPod is Pod demo/NAME running as ServiceAccount sa.
func readerPod(name, sa string) string {
	return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + ", namespace: demo}\n" +
		"spec: {serviceAccountName: " + sa + ", containers: [{name: app, image: \"web:v1\"}]}\n"
}

// Conversation 14: the kubelet projects a bound token (a TokenRequest
// it POSTs to serviceaccounts/pod-reader/token); the application in the
// Pod calls the API through the `kubernetes` Service — an HTTP request
// through its node's rules to an API server — as
// system:serviceaccount:demo:pod-reader; RBAC decides; the read skips
// admission.
func TestPodAsAPIClient(t *testing.T) {
	c := started(t, fixture(t, 14, readerObjects))
	mark := c.Trace().Len()
	apply(t, c, "alice", readerPod("reporter", "pod-reader"))
	running := func(name string) func() bool {
		return func() bool {
			p := stored(c, "", "Pod", "demo", name)
			return p != nil && p.GetString(".status.phase") == "Running"
		}
	}
	if !c.RunUntil(running("reporter"), time.Minute) {
		t.Fatal("reporter not running")
	}
	calls := c.Trace().Len()
	pc := c.PodClient("demo", "reporter")
	pods, err := pc.List(c.Env().Kind("", "Pod"), "demo", api.ListOptions{})
	if err != nil || len(pods.Items) != 1 || pods.Items[0].Meta.Name != "reporter" {
		t.Fatalf("list pods from the Pod: %v, %v", pods, err)
	}
	_, err = pc.List(c.Env().Kind("", "Secret"), "demo", api.ListOptions{})
	want := `secrets is forbidden: User "system:serviceaccount:demo:pod-reader" cannot list resource "secrets" in API group "" in the namespace "demo"`
	if st, _ := err.(*api.Status); st == nil || st.Code != 403 || st.Message != want {
		t.Errorf("list secrets from the Pod: %v\nwant 403 %s", err, want)
	}
	node := trace.Kubelet(stored(c, "", "Pod", "demo", "reporter").GetString(".spec.nodeName"))
	pod := trace.Pod("demo", "reporter")
	keep := func(ev *trace.Event) bool {
		if ev.Verb == trace.Notify {
			return false
		}
		switch {
		case ev.From == "alice" && ev.Verb.Kind() == trace.KindAPI:
			return true
		case ev.From == node && ev.Resource == "serviceaccounts":
			return true
		case ev.From == pod:
			return true
		case ev.Verb.Kind() == trace.KindGate && ev.Subresource == "token":
			return true
		}
		return ev.From == node && ev.Verb.Kind() == trace.KindNodeLocal
	}
	gates := func(ev *trace.Event) bool { return ev.From == pod || ev.Verb.Kind() == trace.KindGate }
	golden(t, "podclient.txt", tableRange(c.Trace(), mark, calls, keep)+table(c.Trace(), calls, gates))

	// A Pod of a ServiceAccount not opted in gets an empty token file:
	// its application has no credential to send.
	apply(t, c, "alice", readerPod("plain", "default"))
	if !c.RunUntil(running("plain"), time.Minute) {
		t.Fatal("plain not running")
	}
	before := c.Trace().Len()
	if _, err := c.PodClient("demo", "plain").List(c.Env().Kind("", "Pod"), "demo", api.ListOptions{}); err == nil ||
		!strings.Contains(err.Error(), "projected no token") {
		t.Errorf("plain Pod's call: %v, want no token", err)
	}
	if n := c.Trace().Len(); n != before {
		t.Errorf("a call without a token left %d events", n-before)
	}
}

// TokenRequest's own rules: the expiration's lower bound (422), a
// ServiceAccount that does not exist (404), and a bound Pod running as
// another ServiceAccount (400), as the admin asks.
func TestTokenRequest(t *testing.T) {
	c := started(t, fixture(t, 14, readerObjects))
	apply(t, c, "alice", readerPod("reporter", "pod-reader"))
	c.RunFor(10 * time.Second)
	sas := c.Env().Kind("", "ServiceAccount")
	uid := stored(c, "", "Pod", "demo", "reporter").Meta.UID
	req := func(spec map[string]any) map[string]any {
		return map[string]any{"apiVersion": "authentication.k8s.io/v1", "kind": "TokenRequest", "spec": spec}
	}
	cases := []struct {
		name, sa string
		spec     map[string]any
		code     int
		msg      string
	}{
		{"issued", "pod-reader", map[string]any{"expirationSeconds": int64(3600)}, 201, ""},
		{"bound", "pod-reader", map[string]any{"boundObjectRef": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "reporter", "uid": uid}}, 201, ""},
		{"too short", "pod-reader", map[string]any{"expirationSeconds": int64(60)}, 422,
			`TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes`},
		{"no account", "nobody", map[string]any{}, 404, `serviceaccounts "nobody" not found`},
		{"other account", "default", map[string]any{"boundObjectRef": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "reporter"}}, 400,
			`cannot bind token for serviceaccount "default" to pod running with different serviceaccount name.`},
		{"stale uid", "pod-reader", map[string]any{"boundObjectRef": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": "reporter", "uid": "0000"}}, 409,
			`Operation cannot be fulfilled on Pod "reporter": the UID in the bound object reference (0000) does not match the UID in record. The object might have been deleted and then recreated`},
	}
	for _, tc := range cases {
		resp := c.Admin().CreateSubresource(sas, "demo", tc.sa, "token", req(tc.spec))
		if resp.Code != tc.code {
			t.Errorf("%s: %d %v, want %d", tc.name, resp.Code, resp.Err(), tc.code)
			continue
		}
		if tc.code == 201 {
			tok := resp.Object.GetString(".status.token")
			if tok == "" || resp.Object.GetString(".status.expirationTimestamp") == "" {
				t.Errorf("%s: status %v", tc.name, resp.Object.Content["status"])
			}
			who, ok := c.Authenticator().AuthenticateToken(tok)
			if !ok || who.Name != "system:serviceaccount:demo:pod-reader" {
				t.Errorf("%s: token authenticates as %v", tc.name, who)
			}
			continue
		}
		if resp.Status == nil || resp.Status.Message != tc.msg {
			t.Errorf("%s: %v\nwant %s", tc.name, resp.Err(), tc.msg)
		}
	}
}
