package scheduler

import (
	"fmt"
	"testing"
	"time"
)

// TestPlacement: where Pods land, filter by filter.
func TestPlacement(t *testing.T) {
	tests := []struct {
		name  string
		nodes []nodeSpec
		pods  []podSpec
		// want maps each Pod to its node, "" for unbound.
		want map[string]string
	}{
		{
			name: "nodeSelector picks the labelled node",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi"},
				{name: "worker-b", cpu: "4", memory: "8Gi", labels: map[string]string{"disktype": "ssd"}}},
			pods: []podSpec{{name: "db-1", nodeSelector: map[string]string{"disktype": "ssd"}},
				{name: "db-2", nodeSelector: map[string]string{"disktype": "ssd"}}},
			want: map[string]string{"db-1": "worker-b", "db-2": "worker-b"},
		},
		{
			name:  "host ports spread, then run out",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi"}, {name: "worker-b", cpu: "4", memory: "8Gi"}},
			pods:  []podSpec{{name: "proxy-1", hostPort: 80}, {name: "proxy-2", hostPort: 80}, {name: "proxy-3", hostPort: 80}},
			want:  map[string]string{"proxy-3": ""},
		},
		{
			name:  "cordoned node avoided",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", unschedulable: true}, {name: "worker-b", cpu: "1", memory: "1Gi"}},
			pods:  []podSpec{{name: "web-1"}, {name: "web-2"}},
			want:  map[string]string{"web-1": "worker-b", "web-2": "worker-b"},
		},
		{
			name:  "toleration lets a Pod onto the tainted node",
			nodes: []nodeSpec{{name: "gpu-1", cpu: "4", memory: "8Gi", taints: gpuTaint}},
			pods: []podSpec{{name: "train-1", tolerations: []any{map[string]any{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}}},
				{name: "web-1"}},
			want: map[string]string{"train-1": "gpu-1", "web-1": ""},
		},
		{
			name: "PreferNoSchedule steers, but does not forbid",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", taints: []any{map[string]any{"key": "spot", "value": "true", "effect": "PreferNoSchedule"}}},
				{name: "worker-b", cpu: "4", memory: "8Gi"}},
			pods: []podSpec{{name: "web-1", cpu: "100m"}, {name: "web-2", cpu: "100m"}, {name: "web-3", cpu: "100m"}},
			want: map[string]string{"web-1": "worker-b", "web-2": "worker-b", "web-3": "worker-b"},
		},
		{
			name: "preferred affinity outweighs a little load",
			nodes: []nodeSpec{{name: "worker-a", cpu: "4", memory: "8Gi", labels: map[string]string{"zone": "a"}},
				{name: "worker-b", cpu: "4", memory: "8Gi", labels: map[string]string{"zone": "b"}}},
			pods: []podSpec{
				{name: "web-1", cpu: "500m", affinity: preferZone("b")},
				{name: "web-2", cpu: "500m", affinity: preferZone("b")},
			},
			want: map[string]string{"web-1": "worker-b", "web-2": "worker-b"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			for _, n := range tc.nodes {
				h.node(n)
			}
			h.startScheduler()
			for _, p := range tc.pods {
				h.pod(p)
			}
			h.run(time.Second)
			got := map[string]string{}
			for _, p := range tc.pods {
				got[p.name] = h.nodeOf(p.name)
			}
			for pod, node := range tc.want {
				if got[pod] != node {
					t.Errorf("%s on %q, want %q (all: %v)", pod, got[pod], node, got)
				}
			}
			if tc.name == "host ports spread, then run out" && (got["proxy-1"] == got["proxy-2"] || got["proxy-1"] == "") {
				t.Errorf("proxies share a host port: %v", got)
			}
		})
	}
}

func preferZone(z string) map[string]any {
	return map[string]any{"nodeAffinity": map[string]any{"preferredDuringSchedulingIgnoredDuringExecution": []any{
		map[string]any{"weight": int64(10), "preference": map[string]any{"matchExpressions": []any{
			map[string]any{"key": "zone", "operator": "In", "values": []any{z}}}}}}}}
}

// TestPercentageOfNodesToScore: the numbers of nodes a search stops at, as
// numFeasibleNodesToFind computes them.
func TestPercentageOfNodesToScore(t *testing.T) {
	tests := []struct {
		percentage, nodes, want int32
	}{
		{0, 3, 3}, {0, 99, 99}, {0, 100, 100}, {0, 200, 100}, {0, 500, 230},
		{0, 1000, 420}, {0, 5000, 500}, {0, 5625, 281}, {0, 6000, 300}, {0, 10000, 500},
		{100, 1000, 1000}, {30, 1000, 300}, {5, 1000, 100},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d%%_of_%d", tc.percentage, tc.nodes), func(t *testing.T) {
			if got := NumFeasibleNodesToFind(tc.percentage, tc.nodes); got != tc.want {
				t.Errorf("NumFeasibleNodesToFind(%d, %d) = %d, want %d", tc.percentage, tc.nodes, got, tc.want)
			}
		})
	}
}
