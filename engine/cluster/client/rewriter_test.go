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

// TestRewriter: each update is a PUT of the object given, handed over, to
// the object's path; the request is sent again for the next update, and
// holds no object once answered.
func TestRewriter(t *testing.T) {
	leases, _ := object.NewBuiltinRegistry().ByGVR("coordination.k8s.io", "v1", "leases")
	ep := &seen{}
	c := client.New("kubelet", "token", ep, sim.NewLoop(), nil)
	var w client.Rewriter
	lease := object.New("coordination.k8s.io/v1", "Lease")
	for i, name := range []string{"node-a", "node-a", "node-b"} {
		sent := w.Object(lease, &lease.Meta, "spec")
		sent.Content["spec"] = map[string]any{}
		if _, err := w.Update(c, leases, "kube-node-lease", name, sent); err != nil {
			t.Fatal(err)
		}
		req := ep.got[i]
		if req.Method != api.MethodPut || req.Object != sent || req.Body != nil || req.Path != client.Path(leases, "kube-node-lease", name) || req.From != "kubelet" {
			t.Errorf("update %d: %s %s object=%p (sent %p) body=%v from %q", i, req.Method, req.Path, req.Object, sent, req.Body, req.From)
		}
		if ep.ptrs[i].Object != nil {
			t.Errorf("update %d: the request keeps the object after the answer", i)
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
		if _, err := w.Update(c, leases, "kube-node-lease", "node-b", object.New("coordination.k8s.io/v1", "Lease")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.Update(c, leases, "kube-node-lease", "node-a", object.New("coordination.k8s.io/v1", "Lease")); err != nil {
		t.Fatal(err)
	}
	if len(ep.ptrs) != 2 || ep.ptrs[0] == ep.ptrs[1] {
		t.Fatalf("requests %v", ep.ptrs)
	}
	if ep.got[1].Path != client.Path(leases, "kube-node-lease", "node-b") {
		t.Errorf("inner update sent to %s", ep.got[1].Path)
	}
}

// TestRewriterObject: the object sent is the object, but for the field
// left to the caller, and shares no content map with it.
func TestRewriterObject(t *testing.T) {
	lease := object.New("coordination.k8s.io/v1", "Lease")
	lease.Meta.Name, lease.Meta.Namespace, lease.Meta.ResourceVersion = "node-a", "kube-node-lease", "7"
	lease.Content["spec"] = map[string]any{"holderIdentity": "node-a"}
	lease.Content["status"] = map[string]any{"note": "kept"}
	var w client.Rewriter
	for _, skip := range []string{"", "spec"} {
		want := lease.DeepCopy()
		delete(want.Content, skip)
		got := w.Object(lease, &lease.Meta, skip)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("skip %q: object %+v, want %+v", skip, got, want)
		}
		got.Content["status"].(map[string]any)["note"] = "changed"
		if lease.Content["status"].(map[string]any)["note"] != "kept" {
			t.Fatalf("skip %q: the object sent shares the object's status", skip)
		}
	}
}
