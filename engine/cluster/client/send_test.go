package client_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// nester answers 200 and notes each request as it arrives and again once
// every request it made from inside (through the same client) is
// answered, with its address.
type nester struct {
	c      *client.Client
	nested func(c *client.Client) // sent from inside the first request
	seen   []string
	ptrs   []*api.Request
}

func (n *nester) Do(req *api.Request, _ api.WatchHandler) *api.Response {
	n.ptrs = append(n.ptrs, req)
	n.seen = append(n.seen, req.Path)
	if f := n.nested; f != nil {
		n.nested = nil
		f(n.c)
		n.seen = append(n.seen, req.Path) // still the outer request
	}
	return &api.Response{Code: 200}
}

// TestSendReusesItsRequest: the reads sent by value go out in one request
// the client keeps, emptied after each answer; one sent while another is
// in flight goes out in its own.
func TestSendReusesItsRequest(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	pods, _ := reg.ByGVR("", "v1", "pods")
	nodes, _ := reg.ByGVR("", "v1", "nodes")
	tests := []struct {
		name   string
		nested func(c *client.Client)
		calls  func(c *client.Client)
		seen   []string
		// same lists which sends, by index, went out in the first one's
		// request.
		same []bool
	}{
		{"one after another", nil, func(c *client.Client) {
			c.DoGet(pods, "demo", "web")
			c.DoList(pods, "demo", api.ListOptions{})
			c.DoWatch(nodes, "", api.ListOptions{}, nil)
			c.DoCreateOwning(pods, pod("demo", "web"), api.WriteOptions{})
			c.DoUpdateOwning(pods, pod("demo", "web"), api.WriteOptions{}, "status")
		}, []string{"/api/v1/namespaces/demo/pods/web", "/api/v1/namespaces/demo/pods", "/api/v1/nodes",
			"/api/v1/namespaces/demo/pods", "/api/v1/namespaces/demo/pods/web/status"},
			[]bool{true, true, true, true, true}},
		{"patches, deletes, raw paths and subresources", nil, func(c *client.Client) {
			c.DoPatch(pods, "demo", "web", api.MergePatch, map[string]any{}, api.WriteOptions{}, "status")
			_, _ = c.Patch(pods, "demo", "web", api.MergePatch, map[string]any{}, api.WriteOptions{})
			_, _ = c.Delete(pods, "demo", "web", api.DeleteOptions{})
			_, _ = c.Raw("/version")
			_, _ = c.Connect(api.MethodGet, pods, "demo", "web", "log", api.ConnectOptions{})
			c.CreateSubresource(pods, "demo", "web", "binding", map[string]any{})
		}, []string{"/api/v1/namespaces/demo/pods/web/status", "/api/v1/namespaces/demo/pods/web",
			"/api/v1/namespaces/demo/pods/web", "/version", "/api/v1/namespaces/demo/pods/web/log",
			"/api/v1/namespaces/demo/pods/web/binding"},
			[]bool{true, true, true, true, true, true}},
		{"one inside another", func(c *client.Client) { c.DoGet(nodes, "", "worker-a") }, func(c *client.Client) {
			c.DoList(pods, "", api.ListOptions{})
		}, []string{"/api/v1/pods", "/api/v1/nodes/worker-a", "/api/v1/pods"}, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := &nester{nested: tt.nested}
			n.c = client.New("kube-controller-manager", "kcm-token", n, sim.NewLoop(), nil)
			tt.calls(n.c)
			if len(n.seen) != len(tt.seen) {
				t.Fatalf("seen %q, want %q", n.seen, tt.seen)
			}
			for i := range tt.seen {
				if n.seen[i] != tt.seen[i] {
					t.Errorf("seen %q, want %q", n.seen, tt.seen)
					break
				}
			}
			for i, want := range tt.same {
				if got := n.ptrs[i] == n.ptrs[0]; got != want {
					t.Errorf("send %d in the first request: %v, want %v", i, got, want)
				}
			}
			for i, p := range n.ptrs {
				if p.Method != "" || p.Path != "" || p.From != "" || p.Token != "" || p.Object != nil || p.Patch != nil || p.Body != nil {
					t.Errorf("request %d keeps %+v after its answer", i, *p)
				}
			}
		})
	}
}
