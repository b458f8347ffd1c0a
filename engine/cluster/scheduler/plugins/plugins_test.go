package plugins

import (
	"fmt"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// TestFitFilter: the reasons, their order and the code.
func TestFitFilter(t *testing.T) {
	busy := pod(t, container("3", "7Gi"))
	tests := []struct {
		name    string
		pod     string
		running []*framework.PodInfo
		reasons []string
		code    framework.Code
	}{
		{"fits", container("1", "1Gi"), nil, nil, framework.Success},
		{"cpu taken", container("2", "512Mi"), []*framework.PodInfo{busy}, []string{"Insufficient cpu"}, framework.Unschedulable},
		{"cpu and memory taken", container("2", "2Gi"), []*framework.PodInfo{busy}, []string{"Insufficient cpu", "Insufficient memory"}, framework.Unschedulable},
		{"larger than the node", container("8", "1Gi"), nil, []string{"Insufficient cpu"}, framework.UnschedulableAndUnresolvable},
		{"extended resource", "{containers: [{name: a, image: x, resources: {requests: {example.com/gpu: 1}, limits: {example.com/gpu: 1}}}]}", nil,
			[]string{"Insufficient example.com/gpu"}, framework.UnschedulableAndUnresolvable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := node(t, "n", "4", "8Gi", "", nil, tc.running...)
			st := (&FitPlugin{}).Filter(nil, pod(t, tc.pod), n)
			if st.Code() != tc.code || !slices.Equal(st.Reasons(), tc.reasons) {
				t.Errorf("got %v %q, want %v %q", st.Code(), st.Reasons(), tc.code, tc.reasons)
			}
		})
	}
}

// TestResourceScores: LeastAllocated and BalancedAllocation on known
// numbers.
func TestResourceScores(t *testing.T) {
	tests := []struct {
		name           string
		running        []string
		pod            string
		least, balance int64
	}{
		// cpu (4000-500)*100/4000 = 87, memory (8Gi-256Mi)*100/8Gi = 96:
		// 91. Balanced: std without 0, with |0.125-0.03125|/2 → 95;
		// 50 + (50+95-100)/2 = 72.
		{"empty node", nil, container("500m", "256Mi"), 91, 72},
		// With a 1-cpu 4Gi Pod there: cpu 62, memory 46 → 54. Fractions
		// without .25/.5 → 87, with .375/.53125 → 92: 50+(50+92-87)/2 = 77.
		{"memory-heavy node", []string{container("1", "4Gi")}, container("500m", "256Mi"), 54, 77},
		// No requests: LeastAllocated counts 100m and 200Mi.
		{"best effort", nil, "{containers: [{name: a, image: x}]}", 97, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var running []*framework.PodInfo
			for _, r := range tc.running {
				running = append(running, pod(t, r))
			}
			n := node(t, "n", "4", "8Gi", "", nil, running...)
			p := pod(t, tc.pod)
			if got, _ := (&FitPlugin{}).Score(nil, p, n); got != tc.least {
				t.Errorf("LeastAllocated = %d, want %d", got, tc.least)
			}
			ba := &BalancedAllocationPlugin{}
			if ba.PreScore(nil, p, nil).IsSkip() {
				if tc.balance != 0 {
					t.Error("BalancedAllocation skipped")
				}
				return
			}
			if got, _ := ba.Score(nil, p, n); got != tc.balance {
				t.Errorf("BalancedAllocation = %d, want %d", got, tc.balance)
			}
		})
	}
}

// TestTaintTolerationScore: PreferNoSchedule taints counted, reversed onto
// 0–100; tolerated ones do not count.
func TestTaintTolerationScore(t *testing.T) {
	prefer := func(k string) string {
		return fmt.Sprintf("{key: %s, value: x, effect: PreferNoSchedule}", k)
	}
	nodes := []*framework.NodeInfo{
		node(t, "clean", "4", "8Gi", "", nil),
		node(t, "one", "4", "8Gi", "{taints: ["+prefer("a")+"]}", nil),
		node(t, "two", "4", "8Gi", "{taints: ["+prefer("a")+", "+prefer("b")+"]}", nil),
	}
	p := pod(t, "{tolerations: [{key: b, operator: Exists}], containers: [{name: a, image: x}]}")
	pl := &TaintTolerationPlugin{}
	scores := make([]framework.NodeScore, len(nodes))
	for i, n := range nodes {
		scores[i].Score, _ = pl.Score(nil, p, n)
	}
	pl.NormalizeScore(nil, p, scores)
	got := []int64{scores[0].Score, scores[1].Score, scores[2].Score}
	if want := []int64{100, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("scores = %v, want %v (b is tolerated, so one and two both have one)", got, want)
	}
}

// TestNodeAffinityPreFilter: a Pod without selector or required affinity
// skips the Filter; metadata.name In terms narrow the nodes; terms naming
// disjoint nodes in one term conflict.
func TestNodeAffinityPreFilter(t *testing.T) {
	req := func(fields string) string {
		return "{affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [" + fields + "]}}}, containers: [{name: a, image: x}]}"
	}
	tests := []struct {
		name  string
		spec  string
		skip  bool
		nodes []string
		msg   string
	}{
		{name: "nothing to check", spec: "{containers: [{name: a, image: x}]}", skip: true},
		{name: "selector only", spec: "{nodeSelector: {disk: ssd}, containers: [{name: a, image: x}]}"},
		{name: "two terms by name", spec: req("{matchFields: [{key: metadata.name, operator: In, values: [a, b]}]}, {matchFields: [{key: metadata.name, operator: In, values: [c]}]}"), nodes: []string{"a", "b", "c"}},
		{name: "a term by label keeps every node", spec: req("{matchFields: [{key: metadata.name, operator: In, values: [a]}]}, {matchExpressions: [{key: disk, operator: Exists}]}")},
		{name: "conflict", spec: req("{matchFields: [{key: metadata.name, operator: In, values: [a]}, {key: metadata.name, operator: In, values: [b]}]}"), msg: "pod affinity terms conflict"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, st := (&NodeAffinityPlugin{}).PreFilter(nil, pod(t, tc.spec), nil)
			if st.IsSkip() != tc.skip || st.Message() != tc.msg {
				t.Fatalf("status %v %q", st.Code(), st.Message())
			}
			var got []string
			if !r.AllNodes() {
				for n := range r.NodeNames {
					got = append(got, n)
				}
				slices.Sort(got)
			}
			if !slices.Equal(got, tc.nodes) {
				t.Errorf("nodes = %v, want %v", got, tc.nodes)
			}
		})
	}
}

// TestImageLocalityScore: images present weigh by size and spread.
type fixedNodes []*framework.NodeInfo

func (f fixedNodes) NodeInfos() []*framework.NodeInfo { return f }
func (f fixedNodes) Framework() *framework.Framework  { return nil }

func TestImageLocalityScore(t *testing.T) {
	n := node(t, "n", "4", "8Gi", "", nil)
	p := pod(t, "{containers: [{name: a, image: big:v1}]}")
	pl := &ImageLocalityPlugin{Handle: fixedNodes{n, n}}
	if got, _ := pl.Score(nil, p, n); got != 0 {
		t.Errorf("no image: %d", got)
	}
	// 800 MB on one of two nodes: 400 MB counts; (400-23)/(1000-23) → 38.
	n.ImageStates = map[string]*framework.ImageStateSummary{"big:v1": {Size: 800 * mb, NumNodes: 1}}
	if got, _ := pl.Score(nil, p, n); got != 38 {
		t.Errorf("score = %d, want 38", got)
	}
}

// TestSchedulingGates: a gated Pod waits, named gates in the message.
func TestSchedulingGates(t *testing.T) {
	st := (&SchedulingGatesPlugin{}).PreEnqueue(pod(t, "{schedulingGates: [{name: a}, {name: b}], containers: [{name: a, image: x}]}"))
	if st.Code() != framework.UnschedulableAndUnresolvable || st.Message() != "waiting for scheduling gates: [a b]" {
		t.Errorf("got %v %q", st.Code(), st.Message())
	}
}

// TestPickOneNodeForPreemption: the criteria in order.
func TestPickOneNodeForPreemption(t *testing.T) {
	v := func(prio int64) *framework.PodInfo { return &framework.PodInfo{Priority: prio} }
	tests := []struct {
		name string
		cs   []candidate
		want string
	}{
		{"lowest highest priority", []candidate{{"a", []*framework.PodInfo{v(10)}}, {"b", []*framework.PodInfo{v(5), v(5)}}}, "b"},
		{"lowest sum", []candidate{{"a", []*framework.PodInfo{v(5), v(5)}}, {"b", []*framework.PodInfo{v(5), v(1)}}}, "b"},
		{"fewest victims", []candidate{{"a", []*framework.PodInfo{v(5), v(-1)}}, {"b", []*framework.PodInfo{v(5)}}}, "b"},
		{"first left", []candidate{{"a", []*framework.PodInfo{v(5)}}, {"b", []*framework.PodInfo{v(5)}}}, "a"},
	}
	for _, tc := range tests {
		if got := pickOneNodeForPreemption(tc.cs).node; got != tc.want {
			t.Errorf("%s: picked %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestDefaultProfileOrder: the filter order and weights of v1.37's default
// profile.
func TestDefaultProfileOrder(t *testing.T) {
	f := framework.NewFramework(framework.DefaultSchedulerName, DefaultProfile(fixedNodes{}))
	want := []string{NodeName, NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit, VolumeBinding}
	if got := f.FilterPluginNames(); !slices.Equal(got, want) {
		t.Errorf("filters = %v\nwant      %v", got, want)
	}
	if got := fmt.Sprint(f.ScoreWeights()); got != "[{TaintToleration 3} {NodeAffinity 2} {NodeResourcesFit 1} {NodeResourcesBalancedAllocation 1} {ImageLocality 1}]" {
		t.Errorf("weights = %s", got)
	}
}
