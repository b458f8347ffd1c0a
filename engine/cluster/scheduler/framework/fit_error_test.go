package framework

import "testing"

// TestFitErrorMessage: FitError.Error word for word, as
// pkg/scheduler/framework/types.go builds it.
func TestFitErrorMessage(t *testing.T) {
	unsched := func(plugin string, reasons ...string) *Status {
		return NewStatus(Unschedulable, reasons...).WithPlugin(plugin)
	}
	tests := []struct {
		name  string
		all   int
		build func(d *Diagnosis)
		want  string
	}{
		{
			name: "reasons counted and sorted as strings",
			all:  12,
			build: func(d *Diagnosis) {
				for i := range 10 {
					d.NodeToStatus.Set(string(rune('a'+i)), unsched("TaintToleration", "node(s) had untolerated taint(s)"))
				}
				d.NodeToStatus.Set("k", unsched("NodeResourcesFit", "Insufficient cpu", "Insufficient memory"))
				d.NodeToStatus.Set("l", unsched("NodeResourcesFit", "Insufficient cpu"))
			},
			want: "0/12 nodes are available: 1 Insufficient memory, 10 node(s) had untolerated taint(s), 2 Insufficient cpu.",
		},
		{
			name: "absent nodes take the absent status' reasons",
			all:  3,
			build: func(d *Diagnosis) {
				d.NodeToStatus.Set("a", unsched("NodePorts", "node(s) didn't have free ports for the requested pod ports"))
				d.NodeToStatus.SetAbsentNodesStatus(NewStatus(UnschedulableAndUnresolvable, "node(s) didn't satisfy plugin(s) [NodeAffinity]"))
			},
			want: "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node(s) didn't satisfy plugin(s) [NodeAffinity].",
		},
		{
			name: "a PreFilter message replaces the histogram",
			all:  3,
			build: func(d *Diagnosis) {
				d.PreFilterMsg = "pod affinity terms conflict"
				d.NodeToStatus.SetAbsentNodesStatus(NewStatus(UnschedulableAndUnresolvable, "pod affinity terms conflict"))
			},
			want: "0/3 nodes are available: pod affinity terms conflict.",
		},
		{
			name: "PostFilter message appended as is",
			all:  1,
			build: func(d *Diagnosis) {
				d.NodeToStatus.Set("a", unsched("NodeResourcesFit", "Too many pods"))
				d.PostFilterMsg = "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
			},
			want: "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := Diagnosis{NodeToStatus: NewNodeToStatus()}
			tc.build(&d)
			fe := &FitError{NumAllNodes: tc.all, Diagnosis: d}
			if got := fe.Error(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestStatus: the nil status is Success; rejections are Unschedulable,
// UnschedulableAndUnresolvable and Pending; an error's text comes first.
func TestStatus(t *testing.T) {
	var none *Status
	if !none.IsSuccess() || none.IsRejected() || none.Message() != "" || none.AsError() != nil {
		t.Error("nil status is not Success")
	}
	for c, rejected := range map[Code]bool{Success: false, Error: false, Unschedulable: true, UnschedulableAndUnresolvable: true, Skip: false, Pending: true} {
		if got := NewStatus(c).IsRejected(); got != rejected {
			t.Errorf("%v.IsRejected() = %v", c, got)
		}
	}
	s := NewStatus(Unschedulable, "a", "b").WithError(errString("boom"))
	if got := s.Message(); got != "boom, a, b" {
		t.Errorf("Message = %q", got)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestMatchClusterEvents: an event matches a registration of its resource
// (Pod covers the Pod variants) whose actions include it and are not more
// specific than it.
func TestMatchClusterEvents(t *testing.T) {
	tests := []struct {
		registered, incoming ClusterEvent
		want                 bool
	}{
		{ClusterEvent{Resource: Node, ActionType: Add | UpdateNodeTaint}, ClusterEvent{Resource: Node, ActionType: UpdateNodeTaint}, true},
		{ClusterEvent{Resource: Node, ActionType: Add | UpdateNodeTaint}, ClusterEvent{Resource: Node, ActionType: UpdateNodeLabel}, false},
		{ClusterEvent{Resource: Node, ActionType: UpdateNodeLabel}, ClusterEvent{Resource: Node, ActionType: Update}, false},
		{ClusterEvent{Resource: Node, ActionType: Update}, ClusterEvent{Resource: Node, ActionType: UpdateNodeLabel}, true},
		{ClusterEvent{Resource: Pod, ActionType: Delete}, EventAssignedPodDelete, true},
		{EventAssignedPodDelete, ClusterEvent{Resource: UnscheduledPod, ActionType: Delete}, false},
		{EventNodeAdd, EventUnschedulableTimeout, false},
		{ClusterEvent{Resource: WildCard, ActionType: All}, EventNodeAdd, true},
	}
	for _, tc := range tests {
		if got := MatchClusterEvents(tc.registered, tc.incoming); got != tc.want {
			t.Errorf("MatchClusterEvents(%s, %s) = %v", tc.registered.Label(), tc.incoming.Label(), got)
		}
	}
}
