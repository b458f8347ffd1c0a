package apiserver

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// fakeKubelets answers for the nodes that are up.
type fakeKubelets struct {
	up    map[string]bool
	calls []ProxyRequest
}

func (f *fakeKubelets) Proxy(node string, req ProxyRequest) ([]byte, error) {
	f.calls = append(f.calls, req)
	if !f.up[node] {
		return nil, fmt.Errorf("dial tcp %s: connect: no route to host", req.Address)
	}
	if req.Container == "sleeper" {
		return nil, api.NewBadRequest(`container "sleeper" in pod "` + req.Pod + `" is waiting to start: ContainerCreating`)
	}
	return []byte("listening on :80\n"), nil
}

func nodeBody(name, ip string) map[string]any {
	return obj("v1", "Node", "", name, map[string]any{"status": map[string]any{
		"addresses": []any{map[string]any{"type": "InternalIP", "address": ip}, map[string]any{"type": "Hostname", "address": name}},
	}})
}

func TestConnect(t *testing.T) {
	kubelets := &fakeKubelets{up: map[string]bool{"worker-a": true}}
	h := newHarness(t, func(c *Config) { c.NodeProxy = kubelets })
	h.must(h.do("admin", "POST", "/api/v1/nodes", nodeBody("worker-a", "10.0.1.5")))
	h.must(h.do("admin", "POST", "/api/v1/nodes", nodeBody("worker-b", "10.0.1.6")))
	two := podBody("two", nil)
	two["spec"].(map[string]any)["containers"] = []any{
		map[string]any{"name": "web", "image": "web:v1"}, map[string]any{"name": "sleeper", "image": "s:v1"}}
	for _, p := range []struct {
		body map[string]any
		name string
		node string
	}{{podBody("a", nil), "a", "worker-a"}, {podBody("b", nil), "b", "worker-b"}, {two, "two", "worker-a"}, {podBody("pending", nil), "pending", ""}} {
		h.must(h.do("alice", "POST", podsPath, p.body))
		if p.node != "" {
			h.must(h.do("alice", "POST", podsPath+"/"+p.name+"/binding", bindingBody(p.name, p.node)))
		}
	}
	tests := []struct {
		name      string
		method    string
		path      string
		container string
		code      int
		body      string
		message   string
	}{
		{name: "logs", method: "GET", path: "a/log", code: 200, body: "listening on :80\n"},
		{name: "logs of a dead node", method: "GET", path: "b/log", code: 500,
			message: `Get "https://10.0.1.6:10250/containerLogs/demo/b/web": dial tcp 10.0.1.6:10250: connect: no route to host`},
		{name: "exec on a dead node", method: "POST", path: "b/exec", code: 500,
			message: "error dialing backend: dial tcp 10.0.1.6:10250: connect: no route to host"},
		{name: "which container", method: "GET", path: "two/log", code: 400,
			message: "a container name must be specified for pod two, choose one of: [web sleeper]"},
		{name: "no such container", method: "GET", path: "a/log", container: "db", code: 400,
			message: "container db is not valid for pod a"},
		{name: "the kubelet's own answer", method: "GET", path: "two/log", container: "sleeper", code: 400,
			message: `container "sleeper" in pod "two" is waiting to start: ContainerCreating`},
		{name: "logs of an unscheduled pod are empty", method: "GET", path: "pending/log", code: 200, body: ""},
		{name: "exec of an unscheduled pod", method: "POST", path: "pending/exec", code: 400,
			message: "pod pending does not have a host assigned"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			from := h.p.Trace().Len()
			resp := h.req(&api.Request{From: "alice", Method: tt.method, Path: podsPath + "/" + tt.path,
				Connect: api.ConnectOptions{Container: tt.container}}, nil)
			if resp.Code != tt.code {
				t.Fatalf("got %d %+v", resp.Code, resp.Status)
			}
			if resp.OK() && string(resp.Raw) != tt.body {
				t.Errorf("body %q", resp.Raw)
			}
			if !resp.OK() && resp.Status.Message != tt.message {
				t.Errorf("got  %q\nwant %q", resp.Status.Message, tt.message)
			}
			// A call that reached for a kubelet is a PROXY event to it.
			if tt.code == 500 || tt.body != "" {
				if n := h.countVerb(from, trace.Proxy); n != 1 {
					t.Errorf("%d PROXY events\n%v", n, h.events(from))
				}
			}
		})
	}
}

// TestConnectNeedsCreate: exec over websockets is a GET, and Kubernetes
// checks the create verb as well.
func TestConnectNeedsCreate(t *testing.T) {
	h := newHarness(t, func(c *Config) {
		c.Authorizer = authorizerFunc(func(a api.Attributes) (api.Decision, string) {
			if a.Subresource == "exec" && a.Verb == "create" {
				return api.DecisionNoOpinion, ""
			}
			return api.DecisionAllow, ""
		})
	})
	h.must(h.do("alice", "POST", podsPath, podBody("a", nil)))
	resp := h.do("alice", "GET", podsPath+"/a/exec", nil)
	want := `pods "a" is forbidden: User "alice" cannot create resource "pods/exec" in API group "" in the namespace "demo"`
	if resp.Code != 403 || resp.Status.Message != want {
		t.Errorf("%d %q", resp.Code, resp.Status.Message)
	}
}

type authorizerFunc func(api.Attributes) (api.Decision, string)

func (f authorizerFunc) Authorize(a api.Attributes) (api.Decision, string) { return f(a) }
