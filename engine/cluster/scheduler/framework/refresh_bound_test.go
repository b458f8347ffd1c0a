package framework_test

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// TestRefreshAfterBinding: the scheduler refreshes the PodInfo it assumed
// when the binding arrives; that must be the PodInfo parsed afresh.
func TestRefreshAfterBinding(t *testing.T) {
	pod := func(generation int64, node, cpu string, status map[string]any) *object.Object {
		spec := map[string]any{
			"schedulerName": "default-scheduler",
			"containers": []any{map[string]any{"name": "c", "image": "nginx",
				"resources": map[string]any{"requests": map[string]any{"cpu": cpu}},
				"ports":     []any{map[string]any{"containerPort": int64(80), "hostPort": int64(8080)}}}},
			"tolerations":  []any{map[string]any{"key": "k", "operator": "Exists"}},
			"nodeSelector": map[string]any{"disk": "ssd"},
		}
		if node != "" {
			spec["nodeName"] = node
		}
		o, err := object.FromMap(map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": "web", "namespace": "default", "uid": "u1",
				"generation": generation, "labels": map[string]any{"app": "web"}},
			"spec": spec, "status": status})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	tests := []struct {
		name          string
		queued, bound *object.Object
	}{
		{"bound", pod(1, "", "100m", map[string]any{}), pod(1, "n1", "100m", map[string]any{})},
		{"bound and started", pod(1, "", "100m", map[string]any{}),
			pod(1, "n1", "100m", map[string]any{"startTime": "2026-01-02T03:04:05Z", "nominatedNodeName": "n2"})},
		{"spec changed", pod(1, "", "100m", map[string]any{}), pod(2, "n1", "200m", map[string]any{})},
		{"no generation", pod(0, "", "100m", map[string]any{}), pod(0, "n1", "200m", map[string]any{})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assumed := *framework.NewPodInfo(tt.queued)
			assumed.NodeName = "n1" // as the cache assumes it
			got, want := assumed.Refresh(tt.bound), framework.NewPodInfo(tt.bound)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Refresh = %+v\nwant %+v", got, want)
			}
		})
	}
}
