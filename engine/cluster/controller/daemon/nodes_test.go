package daemon

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// ds is a DaemonSet whose Pod spec is podSpec.
func ds(podSpec map[string]any) *object.Object {
	o := object.New("apps/v1", "DaemonSet")
	o.Meta.Name, o.Meta.Namespace = "agent", "demo"
	o.Content = map[string]any{"spec": map[string]any{"template": map[string]any{"spec": podSpec}}}
	return o
}

func node(name string, labels map[string]string, taints ...object.Taint) *object.NodeView {
	return &object.NodeView{Name: name, Labels: labels, Taints: taints}
}

// NodeShouldRunDaemonPod's verdicts: nodeName, nodeSelector, required
// affinity, and taints — NoSchedule keeps a running Pod, NoExecute
// removes it, and the daemon tolerations cover the node-problem taints.
func TestShouldRun(t *testing.T) {
	gpu := object.Taint{Key: "dedicated", Value: "gpu", Effect: "NoSchedule"}
	evict := object.Taint{Key: "dedicated", Value: "gpu", Effect: "NoExecute"}
	notReady := object.Taint{Key: taintNotReady, Effect: "NoExecute"}
	cordoned := object.Taint{Key: taintUnschedulable, Effect: "NoSchedule"}
	zoneA := map[string]string{"zone": "a"}
	affinity := map[string]any{"nodeAffinity": map[string]any{"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{
		"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{"key": "zone", "operator": "In", "values": []any{"b"}}}}}}}}
	tolerateGPU := []any{map[string]any{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}}
	cases := []struct {
		name      string
		spec      map[string]any
		node      *object.NodeView
		run, cont bool
	}{
		{"plain node", map[string]any{}, node("n1", zoneA), true, true},
		{"other nodeName", map[string]any{"nodeName": "n2"}, node("n1", zoneA), false, false},
		{"own nodeName", map[string]any{"nodeName": "n1"}, node("n1", zoneA), true, true},
		{"nodeSelector matches", map[string]any{"nodeSelector": map[string]any{"zone": "a"}}, node("n1", zoneA), true, true},
		{"nodeSelector misses", map[string]any{"nodeSelector": map[string]any{"zone": "b"}}, node("n1", zoneA), false, false},
		{"required affinity misses", map[string]any{"affinity": affinity}, node("n1", zoneA), false, false},
		{"required affinity matches", map[string]any{"affinity": affinity}, node("n1", map[string]string{"zone": "b"}), true, true},
		{"NoSchedule taint", map[string]any{}, node("n1", zoneA, gpu), false, true},
		{"NoExecute taint", map[string]any{}, node("n1", zoneA, evict), false, false},
		{"tolerated taint", map[string]any{"tolerations": tolerateGPU}, node("n1", zoneA, gpu), true, true},
		{"not-ready node", map[string]any{}, node("n1", zoneA, notReady), true, true},
		{"cordoned node", map[string]any{}, node("n1", zoneA, cordoned), true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run, cont := shouldRun(c.node, ds(c.spec))
			if run != c.run || cont != c.cont {
				t.Errorf("shouldRun = %v, %v; want %v, %v", run, cont, c.run, c.cont)
			}
		})
	}
}

// The daemon tolerations are appended in Kubernetes' order, replace an
// equal one in place, and add network-unavailable on the host network.
func TestDaemonTolerations(t *testing.T) {
	own := map[string]any{"key": "dedicated", "operator": "Exists"}
	dup := map[string]any{"key": taintDiskPressure, "operator": "Exists", "effect": "NoSchedule", "tolerationSeconds": int64(5)}
	got := withDaemonTolerations([]any{own, dup}, true)
	var keys []string
	for _, e := range got {
		m := object.AsMap(e)
		keys = append(keys, fmt.Sprint(m["key"], "/", m["tolerationSeconds"]))
	}
	want := fmt.Sprint([]string{"dedicated/<nil>", taintDiskPressure + "/<nil>", taintNotReady + "/<nil>", taintUnreachable + "/<nil>",
		taintMemoryPressure + "/<nil>", taintPIDPressure + "/<nil>", taintUnschedulable + "/<nil>", taintNetworkUnavailable + "/<nil>"})
	if fmt.Sprint(keys) != want {
		t.Errorf("tolerations %v\nwant %v", keys, want)
	}
}

// A daemon Pod's node affinity names its Node, replacing the template's
// required terms and keeping the rest; its target Node is read back from
// it until it is scheduled.
func TestNodeAffinityAndTarget(t *testing.T) {
	tpl := map[string]any{"podAffinity": "kept", "nodeAffinity": map[string]any{
		"preferredDuringSchedulingIgnoredDuringExecution": "kept",
		"requiredDuringSchedulingIgnoredDuringExecution":  "replaced"}}
	aff := nodeAffinityFor(tpl, "worker-b")
	if aff["podAffinity"] != "kept" || object.MapAt(aff, "nodeAffinity")["preferredDuringSchedulingIgnoredDuringExecution"] != "kept" {
		t.Errorf("affinity lost fields: %v", aff)
	}
	if object.MapAt(tpl, "nodeAffinity")["requiredDuringSchedulingIgnoredDuringExecution"] != "replaced" {
		t.Error("the template's affinity was modified")
	}
	pod := object.New("v1", "Pod")
	pod.Content = map[string]any{"spec": map[string]any{"affinity": aff}}
	if n, ok := targetNode(pod); !ok || n != "worker-b" {
		t.Errorf("target %q %v, want worker-b", n, ok)
	}
	pod.Content["spec"].(map[string]any)["nodeName"] = "worker-c"
	if n, _ := targetNode(pod); n != "worker-c" {
		t.Errorf("scheduled target %q, want worker-c", n)
	}
}

// The failed-Pod back-off starts at 1 s, doubles to 15 min, and starts
// again after 30 min without a step.
func TestBackoff(t *testing.T) {
	b := newBackoff(failedPodsBackoffInitial, failedPodsBackoffMax)
	now := sim.Time(0)
	var delays []time.Duration
	for range 12 {
		b.next("k", now)
		delays = append(delays, b.get("k"))
		if !b.inBackoffSinceUpdate("k", now) || b.inBackoffSinceUpdate("k", now.Add(b.get("k"))) {
			t.Fatalf("in back-off wrong at delay %s", b.get("k"))
		}
		now = now.Add(b.get("k"))
	}
	if delays[0] != time.Second || delays[1] != 2*time.Second || delays[11] != 15*time.Minute {
		t.Errorf("delays %v", delays)
	}
	b.next("k", now.Add(31*time.Minute))
	if b.get("k") != time.Second {
		t.Errorf("after 31 idle minutes the delay is %s, want 1s", b.get("k"))
	}
}
