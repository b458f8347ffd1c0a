package client_test

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// seen is an endpoint that remembers each request as it received it, and
// the request itself, and answers with an object; it runs during while it
// answers the first one.
type seen struct {
	got     []api.Request
	ptrs    []*api.Request
	during  func()
	answers int
}

func (s *seen) Do(req *api.Request, _ api.WatchHandler) *api.Response {
	s.got, s.ptrs = append(s.got, *req), append(s.ptrs, req)
	if s.answers++; s.answers == 1 && s.during != nil {
		s.during()
	}
	return &api.Response{Code: 200, Object: object.New("coordination.k8s.io/v1", "Lease")}
}

// TestRewriter: each update is a PUT of the body given, handed over, to
// the object's path; the request is sent again for the next update, and
// holds no body once answered.
func TestRewriter(t *testing.T) {
	leases, _ := object.NewBuiltinRegistry().ByGVR("coordination.k8s.io", "v1", "leases")
	ep := &seen{}
	c := client.New("kubelet", "token", ep, sim.NewLoop(), nil)
	var w client.Rewriter
	lease := object.New("coordination.k8s.io/v1", "Lease")
	for i, name := range []string{"node-a", "node-a", "node-b"} {
		body := w.Body(lease, &lease.Meta, "spec")
		body["spec"] = map[string]any{}
		if _, err := w.Update(c, leases, "kube-node-lease", name, body); err != nil {
			t.Fatal(err)
		}
		req := ep.got[i]
		if req.Method != api.MethodPut || !req.BodyOwned || req.Path != client.Path(leases, "kube-node-lease", name) || req.From != "kubelet" {
			t.Errorf("update %d: %s %s owned=%v from %q", i, req.Method, req.Path, req.BodyOwned, req.From)
		}
		if req.Body["kind"] != "Lease" || req.Body["apiVersion"] != "coordination.k8s.io/v1" {
			t.Errorf("update %d: body %v", i, req.Body)
		}
		if ep.ptrs[i].Body != nil {
			t.Errorf("update %d: the request keeps the body after the answer", i)
		}
	}
	if ep.ptrs[0] != ep.ptrs[1] || ep.ptrs[1] != ep.ptrs[2] {
		t.Error("each update has a request of its own")
	}
}

// TestRewriterDuring: an update sent while another is being answered has
// a request of its own.
func TestRewriterDuring(t *testing.T) {
	leases, _ := object.NewBuiltinRegistry().ByGVR("coordination.k8s.io", "v1", "leases")
	ep := &seen{}
	c := client.New("kubelet", "token", ep, sim.NewLoop(), nil)
	var w client.Rewriter
	ep.during = func() {
		if _, err := w.Update(c, leases, "kube-node-lease", "node-b", map[string]any{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Update(c, leases, "kube-node-lease", "node-a", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	if len(ep.ptrs) != 2 || ep.ptrs[0] == ep.ptrs[1] {
		t.Fatalf("requests %v", ep.ptrs)
	}
	if ep.got[1].Path != client.Path(leases, "kube-node-lease", "node-b") {
		t.Errorf("inner update sent to %s", ep.got[1].Path)
	}
}

// TestRewriterBody: a body is the object as Object.ToMap renders it, but
// for the field left to the caller, and shares no map with the object.
func TestRewriterBody(t *testing.T) {
	lease := object.New("coordination.k8s.io/v1", "Lease")
	lease.Meta.Name, lease.Meta.Namespace, lease.Meta.ResourceVersion = "node-a", "kube-node-lease", "7"
	lease.Content["spec"] = map[string]any{"holderIdentity": "node-a"}
	lease.Content["status"] = map[string]any{"note": "kept"}
	var w client.Rewriter
	for _, skip := range []string{"", "spec"} {
		want := lease.ToMap()
		delete(want, skip)
		got := w.Body(lease, &lease.Meta, skip)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("skip %q: body %v, want %v", skip, got, want)
		}
		got["status"].(map[string]any)["note"] = "changed"
		if lease.Content["status"].(map[string]any)["note"] != "kept" {
			t.Fatalf("skip %q: the body shares the object's status", skip)
		}
	}
}
