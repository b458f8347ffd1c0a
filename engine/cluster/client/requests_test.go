package client_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// recorder answers 200 to everything and keeps copies of the requests
// (a client may send its next request in the same one).
type recorder struct{ reqs []*api.Request }

func (r *recorder) Do(req *api.Request, _ api.WatchHandler) *api.Response {
	sent := *req
	r.reqs = append(r.reqs, &sent)
	return &api.Response{Code: 200, Object: object.New("v1", "Pod")}
}

func TestRequests(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	pods, _ := reg.ByGVR("", "v1", "pods")
	deps, _ := reg.ByGVR("apps", "v1", "deployments")
	nodes, _ := reg.ByGVR("", "v1", "nodes")
	tests := []struct {
		name   string
		call   func(c *client.Client)
		method string
		path   string
		check  func(t *testing.T, req *api.Request)
	}{
		{"get", func(c *client.Client) { c.Get(pods, "demo", "web") }, "GET", "/api/v1/namespaces/demo/pods/web", nil},
		{"list with options", func(c *client.Client) {
			c.List(pods, "", api.ListOptions{LabelSelector: "app=web", ResourceVersion: "0", Watch: true})
		}, "GET", "/api/v1/pods", func(t *testing.T, req *api.Request) {
			if req.List.Watch || req.List.LabelSelector != "app=web" || req.List.ResourceVersion != "0" {
				t.Errorf("list options = %+v", req.List)
			}
		}},
		{"watch", func(c *client.Client) { c.Watch(nodes, "", api.ListOptions{ResourceVersion: "7"}, nil) },
			"GET", "/api/v1/nodes", func(t *testing.T, req *api.Request) {
				if !req.List.Watch || req.List.ResourceVersion != "7" {
					t.Errorf("watch options = %+v", req.List)
				}
			}},
		{"create in the object's namespace", func(c *client.Client) { c.Create(pods, pod("demo", "web"), api.WriteOptions{}) },
			"POST", "/api/v1/namespaces/demo/pods", func(t *testing.T, req *api.Request) {
				if req.Object == nil || req.Object.Meta.Name != "web" || req.Body != nil {
					t.Errorf("sent object %+v, body %v", req.Object, req.Body)
				}
			}},
		{"update", func(c *client.Client) { c.Update(pods, pod("demo", "web"), api.WriteOptions{}) }, "PUT", "/api/v1/namespaces/demo/pods/web", nil},
		{"update status", func(c *client.Client) { c.UpdateStatus(pods, pod("demo", "web"), api.WriteOptions{}) }, "PUT", "/api/v1/namespaces/demo/pods/web/status", nil},
		{"strategic patch", func(c *client.Client) {
			c.Patch(deps, "demo", "web", api.StrategicMergePatch, map[string]any{"spec": map[string]any{"replicas": int64(3)}}, api.WriteOptions{})
		}, "PATCH", "/apis/apps/v1/namespaces/demo/deployments/web", func(t *testing.T, req *api.Request) {
			if req.PatchType != api.StrategicMergePatch || req.Patch["spec"] == nil {
				t.Errorf("patch = %v %v", req.PatchType, req.Patch)
			}
		}},
		{"delete with options", func(c *client.Client) {
			c.Delete(deps, "demo", "web", api.DeleteOptions{PropagationPolicy: api.PropagationForeground})
		}, "DELETE", "/apis/apps/v1/namespaces/demo/deployments/web", func(t *testing.T, req *api.Request) {
			if req.Delete.PropagationPolicy != api.PropagationForeground {
				t.Errorf("delete options = %+v", req.Delete)
			}
		}},
		{"binding", func(c *client.Client) {
			c.CreateSubresource(pods, "demo", "web", "binding", map[string]any{"target": map[string]any{"name": "worker-a"}})
		}, "POST", "/api/v1/namespaces/demo/pods/web/binding", nil},
		{"get scale", func(c *client.Client) { c.GetScale(deps, "demo", "web") }, "GET", "/apis/apps/v1/namespaces/demo/deployments/web/scale", nil},
		{"update scale", func(c *client.Client) {
			s := object.New("autoscaling/v1", "Scale")
			s.Meta.Namespace, s.Meta.Name = "demo", "web"
			c.UpdateScale(deps, "demo", "web", s)
		}, "PUT", "/apis/apps/v1/namespaces/demo/deployments/web/scale", nil},
		{"log", func(c *client.Client) {
			c.Connect(api.MethodGet, pods, "demo", "web", "log", api.ConnectOptions{Container: "app"})
		}, "GET", "/api/v1/namespaces/demo/pods/web/log", func(t *testing.T, req *api.Request) {
			if req.Connect.Container != "app" {
				t.Errorf("connect options = %+v", req.Connect)
			}
		}},
		{"raw", func(c *client.Client) { c.Raw("/readyz") }, "GET", "/readyz", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			c := client.New("kube-controller-manager", "kcm-token", rec, sim.NewLoop(), nil)
			tt.call(c)
			if len(rec.reqs) != 1 {
				t.Fatalf("sent %d requests, want 1", len(rec.reqs))
			}
			req := rec.reqs[0]
			if req.Method != tt.method || req.Path != tt.path {
				t.Errorf("sent %s %s, want %s %s", req.Method, req.Path, tt.method, tt.path)
			}
			if req.From != "kube-controller-manager" || req.Token != "kcm-token" {
				t.Errorf("identity = %q %q", req.From, req.Token)
			}
			if tt.check != nil {
				tt.check(t, req)
			}
		})
	}
}

// TestBodyIsACopy: the server may default what it decodes; the caller's
// object must not change.
func TestBodyIsACopy(t *testing.T) {
	rec := &recorder{}
	c := client.New("alice", "", rec, sim.NewLoop(), nil)
	reg := object.NewBuiltinRegistry()
	pods, _ := reg.ByGVR("", "v1", "pods")
	p := pod("demo", "web")
	p.Meta.Labels = map[string]string{"app": "web"}
	c.Create(pods, p, api.WriteOptions{})
	sent := rec.reqs[0].Object
	sent.Content["spec"].(map[string]any)["restartPolicy"] = "Always"
	sent.Meta.Labels["app"] = "other"
	if _, ok := p.Content["spec"].(map[string]any)["restartPolicy"]; ok {
		t.Error("mutating the object sent changed the caller's object")
	}
	if p.Meta.Labels["app"] != "web" {
		t.Error("mutating the object sent changed the caller's labels")
	}
}

// TestUpdateRequestOwning: a handed-over object is sent itself, for the
// server to keep; UpdateRequest sends a copy.
func TestUpdateRequestOwning(t *testing.T) {
	leases, _ := object.NewBuiltinRegistry().ByGVR("coordination.k8s.io", "v1", "leases")
	o := object.New("coordination.k8s.io/v1", "Lease")
	o.Meta.Name, o.Meta.Namespace = "node-a", "kube-node-lease"
	spec := map[string]any{"holderIdentity": "node-a"}
	o.Content["spec"] = spec
	req := client.UpdateRequestOwning(leases, o, api.WriteOptions{})
	if req.Object != o || req.Body != nil || req.Method != api.MethodPut || req.Path != "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-a" {
		t.Fatalf("request %s %s object=%p (want %p) body=%v", req.Method, req.Path, req.Object, o, req.Body)
	}
	spec["renewTime"] = "later"
	copied := client.UpdateRequest(leases, o, api.WriteOptions{})
	spec["renewTime"] = "latest"
	if got := copied.Object.Content["spec"].(map[string]any)["renewTime"]; got != "later" {
		t.Errorf("UpdateRequest's object follows the caller's: %v", got)
	}
}

// TestCreateRequestOwning: a handed-over object is sent itself, for the
// server to keep, posted to its collection.
func TestCreateRequestOwning(t *testing.T) {
	events, _ := object.NewBuiltinRegistry().ByGVR("", "v1", "events")
	o := object.New("v1", "Event")
	o.Meta.Name, o.Meta.Namespace = "web.1", "demo"
	ref := map[string]any{"kind": "Pod", "name": "web"}
	o.Content["involvedObject"] = ref
	req := client.CreateRequestOwning(events, o, api.WriteOptions{})
	if req.Object != o || req.Body != nil || req.Method != api.MethodPost || req.Path != "/api/v1/namespaces/demo/events" {
		t.Fatalf("request %s %s object=%p (want %p) body=%v", req.Method, req.Path, req.Object, o, req.Body)
	}
	if got := req.SentTree()["metadata"].(map[string]any)["name"]; got != "web.1" {
		t.Errorf("sent tree's name = %v", got)
	}
}
