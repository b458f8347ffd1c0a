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
	if req.Method != api.MethodPut || req.Path != "/apis/apps/v1/namespaces/demo/replicasets/web-1/status" || req.Object == nil || req.Body != nil {
		t.Fatalf("request = %s %s object=%v body=%v", req.Method, req.Path, req.Object, req.Body)
	}
	sent := req.Object
	got, _ := sent.Content["status"].(map[string]any)
	if got == nil || got["replicas"] != int64(3) {
		t.Errorf("sent status = %v, want the new status", sent.Content["status"])
	}
	body, _ := sent.Content["spec"].(map[string]any)
	if body == nil || body["replicas"] != int64(3) {
		t.Fatalf("sent spec = %v, want the cached spec", sent.Content["spec"])
	}
	body["replicas"] = int64(9)
	if spec["replicas"] != int64(3) {
		t.Error("the object sent shares the cached object's spec; it must be a copy")
	}
	if sent.Meta.Name != "web-1" || sent.Meta.Namespace != "demo" || sent.APIVersion != "apps/v1" || sent.Kind != "ReplicaSet" {
		t.Errorf("sent %s %s %s/%s", sent.APIVersion, sent.Kind, sent.Meta.Namespace, sent.Meta.Name)
	}
	if cs, _ := cached.Content["status"].(map[string]any); cs["replicas"] != int64(1) {
		t.Error("the cached object's status changed")
	}
}
