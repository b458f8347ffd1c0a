package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A Pod that does not fit the node is rejected by the kubelet's admission:
// it fails at once with the reason and message of the first check that
// failed, and no container is created for it.
func TestAdmission(t *testing.T) {
	withRequests := func(cpu, memory string) map[string]any {
		s := webSpec("web:v1")
		req := map[string]any{}
		if cpu != "" {
			req["cpu"] = cpu
		}
		if memory != "" {
			req["memory"] = memory
		}
		s["containers"].([]any)[0].(map[string]any)["resources"] = map[string]any{"requests": req}
		return s
	}
	tests := []struct {
		name    string
		before  []map[string]any // Pods admitted first
		spec    map[string]any
		reason  string
		message string
	}{
		{name: "fits", spec: withRequests("2", "1Gi")},
		{name: "too much cpu", spec: withRequests("8", ""), reason: "OutOfcpu",
			message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 8000, used: 0, capacity: 4000"},
		{name: "cpu used by others", before: []map[string]any{withRequests("3", "")}, spec: withRequests("1500m", ""), reason: "OutOfcpu",
			message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 1500, used: 3000, capacity: 4000"},
		{name: "too much memory", spec: withRequests("", "9Gi"), reason: "OutOfmemory",
			message: "Pod was rejected: Node didn't have enough resource: memory, requested: 9663676416, used: 0, capacity: 8485076992"},
		{name: "node selector", spec: map[string]any{"nodeSelector": map[string]any{"disktype": "ssd"},
			"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}, reason: "NodeAffinity",
			message: "Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"},
		{name: "required affinity for another node", spec: map[string]any{"affinity": map[string]any{"nodeAffinity": map[string]any{
			"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{"nodeSelectorTerms": []any{map[string]any{
				"matchFields": []any{map[string]any{"key": "metadata.name", "operator": "In", "values": []any{"worker-b"}}}}}}}},
			"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}, reason: "NodeAffinity",
			message: "Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"},
		{name: "required affinity for this node", spec: map[string]any{"affinity": map[string]any{"nodeAffinity": map[string]any{
			"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{"nodeSelectorTerms": []any{map[string]any{
				"matchFields": []any{map[string]any{"key": "metadata.name", "operator": "In", "values": []any{"worker-a"}}}}}}}},
			"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, nil, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			for i, s := range tc.before {
				c.createPod(string(rune('a'+i))+"-first", "worker-a", s)
			}
			c.runFor(5 * time.Second)
			from := c.log.Len()
			c.createPod("web", "worker-a", tc.spec)
			c.runFor(10 * time.Second)
			p := c.get("Pod", "demo", "web")
			creates := c.log.Query(trace.Verbs(trace.CRIRunPodSandbox), trace.Object("demo/web")).After(from - 1).Count()
			if tc.reason == "" {
				if !c.ready("web") || creates != 1 {
					t.Errorf("admitted Pod: ready %v, %d sandboxes", c.ready("web"), creates)
				}
				return
			}
			if got := p.GetString(".status.phase"); got != "Failed" {
				t.Errorf("phase %q, want Failed", got)
			}
			if got := p.GetString(".status.reason"); got != tc.reason {
				t.Errorf("reason %q, want %q", got, tc.reason)
			}
			if got := p.GetString(".status.message"); got != tc.message {
				t.Errorf("message %q, want %q", got, tc.message)
			}
			if creates != 0 {
				t.Errorf("%d sandboxes for a rejected Pod", creates)
			}
		})
	}
}
