package kubelet

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// qosPod is a Pod whose one container has the given requests and limits.
func qosPod(requests, limits map[string]any) *object.Object {
	p := object.New("v1", "Pod")
	p.Meta.Name, p.Meta.Namespace = "web", "demo"
	res := map[string]any{}
	if requests != nil {
		res["requests"] = requests
	}
	if limits != nil {
		res["limits"] = limits
	}
	p.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx", "resources": res}}}
	return p
}

// qosClass follows the Pod object: it is PodQOSClass of the current one,
// whatever the worker computed before.
func TestPodWorkerQOSClass(t *testing.T) {
	cpu := map[string]any{"cpu": "100m", "memory": "64Mi"}
	besteffort := qosPod(nil, nil)
	pods := []*object.Object{besteffort, qosPod(cpu, nil), qosPod(cpu, cpu), besteffort, qosPod(nil, nil)}
	w := &podWorker{}
	for i, p := range pods {
		w.pod = p
		if got, want := w.qosClass(), object.PodQOSClass(p); got != want {
			t.Errorf("pod %d: qosClass = %q, want %q", i, got, want)
		}
	}
	if w.qosClass() == "BestEffort" && object.PodQOSClass(pods[2]) == "BestEffort" {
		t.Error("the Pods do not cover more than one class")
	}
}

// setDiff sets a key as a map literal would have it, making the map with
// the element's type when nil.
func TestSetDiff(t *testing.T) {
	cur := map[string]any{"type": "Ready", "status": "True"}
	for _, tc := range []struct {
		name string
		d    map[string]any
		k    string
		v    any
		want map[string]any
	}{
		{"made with the type", nil, "status", "True", map[string]any{"type": "Ready", "status": "True"}},
		{"null", nil, "reason", nil, map[string]any{"type": "Ready", "reason": nil}},
		{"added", map[string]any{"type": "Ready", "status": "True"}, "message", nil, map[string]any{"type": "Ready", "status": "True", "message": nil}},
	} {
		if got := setDiff(tc.d, cur, tc.k, tc.v); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("setDiff %s = %v, want %v", tc.name, got, tc.want)
		}
	}
}
