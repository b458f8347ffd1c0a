package framework

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// NodeSchedulingPropertiesChange returns the events a node update raises,
// one per changed property that matters to scheduling, in Kubernetes'
// order (pkg/scheduler/framework/events.go): spec.unschedulable turned off
// (reported as UpdateNodeTaint), allocatable, labels, taints, condition
// statuses (heartbeats ignored), annotations.
func NodeSchedulingPropertiesChange(oldNode, newNode *object.Object) []ClusterEvent {
	var out []ClusterEvent
	add := func(a ActionType) { out = append(out, ClusterEvent{Resource: Node, ActionType: a}) }
	os, ns := oldNode.Spec(), newNode.Spec()
	ou, _ := os["unschedulable"].(bool)
	nu, _ := ns["unschedulable"].(bool)
	if ou != nu && !nu {
		add(UpdateNodeTaint)
	}
	if !object.EqualValues(oldNode.Status()["allocatable"], newNode.Status()["allocatable"]) {
		add(UpdateNodeAllocatable)
	}
	if !maps.Equal(oldNode.Meta.Labels, newNode.Meta.Labels) {
		add(UpdateNodeLabel)
	}
	if !object.EqualValues(os["taints"], ns["taints"]) {
		add(UpdateNodeTaint)
	}
	if !maps.Equal(conditionStatuses(oldNode), conditionStatuses(newNode)) {
		add(UpdateNodeCondition)
	}
	if !maps.Equal(oldNode.Meta.Annotations, newNode.Meta.Annotations) {
		add(UpdateNodeAnnotation)
	}
	return out
}

func conditionStatuses(o *object.Object) map[string]string {
	out := map[string]string{}
	for _, c := range listOf(o.Status()["conditions"]) {
		m := mapOf(c)
		t, _ := m["type"].(string)
		s, _ := m["status"].(string)
		out[t] = s
	}
	return out
}

// PodSchedulingPropertiesChange returns the events an update of an
// unscheduled Pod raises (pod events: labels, requests scaled down,
// scheduling gates removed, tolerations added), or a plain Update when none
// applies. target says the Pod is the one being requeued (TargetPod).
func PodSchedulingPropertiesChange(oldPod, newPod *PodInfo, target bool) []ClusterEvent {
	r := UnscheduledPod
	switch {
	case newPod.NodeName != "":
		r = AssignedPod
	case target:
		r = TargetPod
	}
	var out []ClusterEvent
	add := func(a ActionType) { out = append(out, ClusterEvent{Resource: r, ActionType: a}) }
	if !maps.Equal(oldPod.Labels, newPod.Labels) {
		add(UpdatePodLabel)
	}
	if scaledDown(&oldPod.Requests, &newPod.Requests) {
		add(UpdatePodScaleDown)
	}
	if len(newPod.SchedulingGates) == 0 && len(oldPod.SchedulingGates) != 0 {
		add(UpdatePodSchedulingGatesEliminated)
	}
	if len(newPod.Tolerations) != len(oldPod.Tolerations) {
		add(UpdatePodToleration)
	}
	if len(out) == 0 {
		add(Update)
	}
	return out
}

func scaledDown(o, n *Resource) bool {
	if n.MilliCPU < o.MilliCPU || n.Memory < o.Memory || n.EphemeralStorage < o.EphemeralStorage {
		return true
	}
	for k, v := range o.ScalarResources {
		if n.ScalarResources[k] < v {
			return true
		}
	}
	return false
}
