package controller

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestStatusUpdate(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	k, ok := reg.ByResource("apps", "replicasets")
	if !ok {
		t.Fatal("no replicasets")
	}
	cached := object.New("apps/v1", "ReplicaSet")
	cached.Meta.Name, cached.Meta.Namespace = "web-1", "demo"
	spec := map[string]any{"replicas": int64(3)}
	cached.Content["spec"] = spec
	cached.Content["status"] = map[string]any{"replicas": int64(1)}
	status := map[string]any{"replicas": int64(3)}

	req := StatusUpdate(k, cached, status, api.WriteOptions{})
	if req.Method != api.MethodPut || req.Path != "/apis/apps/v1/namespaces/demo/replicasets/web-1/status" || !req.BodyOwned {
		t.Fatalf("request = %s %s owned=%v", req.Method, req.Path, req.BodyOwned)
	}
	got, _ := req.Body["status"].(map[string]any)
	if got == nil || got["replicas"] != int64(3) {
		t.Errorf("body status = %v, want the new status", req.Body["status"])
	}
	body, _ := req.Body["spec"].(map[string]any)
	if body == nil || body["replicas"] != int64(3) {
		t.Fatalf("body spec = %v, want the cached spec", req.Body["spec"])
	}
	body["replicas"] = int64(9)
	if spec["replicas"] != int64(3) {
		t.Error("the body shares the cached object's spec; it must be a copy")
	}
	if md, _ := req.Body["metadata"].(map[string]any); md["name"] != "web-1" {
		t.Errorf("body metadata = %v", req.Body["metadata"])
	}
	if cs, _ := cached.Content["status"].(map[string]any); cs["replicas"] != int64(1) {
		t.Error("the cached object's status changed")
	}
}
