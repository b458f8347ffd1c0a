package framework

import (
	"fmt"
	"maps"
	"slices"
)

// ActionType is what happened to an object, as a bit set
// (k8s.io/kube-scheduler/framework/types.go). The Update* bits say which
// part of an update matters to scheduling.
type ActionType int64

// The action types, in Kubernetes' bit order.
const (
	Add ActionType = 1 << iota
	Delete
	UpdateNodeAllocatable
	UpdateNodeLabel
	// UpdateNodeTaint is an update of a node's taints or of
	// spec.unschedulable.
	UpdateNodeTaint
	UpdateNodeCondition
	UpdateNodeAnnotation
	UpdatePodLabel
	UpdatePodScaleDown
	UpdatePodToleration
	UpdatePodSchedulingGatesEliminated

	// All is every action; Update every update; None nothing.
	All    ActionType = 1<<iota - 1
	Update            = UpdateNodeAllocatable | UpdateNodeLabel | UpdateNodeTaint | UpdateNodeCondition | UpdateNodeAnnotation | UpdatePodLabel | UpdatePodScaleDown | UpdatePodToleration | UpdatePodSchedulingGatesEliminated
	None   ActionType = 0
)

var actionNames = map[ActionType]string{
	Add: "Add", Delete: "Delete", UpdateNodeAllocatable: "UpdateNodeAllocatable",
	UpdateNodeLabel: "UpdateNodeLabel", UpdateNodeTaint: "UpdateNodeTaint",
	UpdateNodeCondition: "UpdateNodeCondition", UpdateNodeAnnotation: "UpdateNodeAnnotation",
	UpdatePodLabel: "UpdatePodLabel", UpdatePodScaleDown: "UpdatePodScaleDown",
	UpdatePodToleration: "UpdatePodToleration", UpdatePodSchedulingGatesEliminated: "UpdatePodSchedulingGatesEliminated",
	All: "All", Update: "Update",
}

// String names a single action, All or Update; "" for other combinations.
func (a ActionType) String() string { return actionNames[a] }

// EventResource is the kind of object an event is about. The Pod
// resources tell apart a bound Pod, an unscheduled one, and the Pod being
// requeued itself.
type EventResource string

// The event resources the modelled plugins use.
const (
	Pod                   EventResource = "Pod"
	AssignedPod           EventResource = "AssignedPod"
	UnscheduledPod        EventResource = "UnscheduledPod"
	TargetPod             EventResource = "TargetPod"
	Node                  EventResource = "Node"
	PersistentVolume      EventResource = "PersistentVolume"
	PersistentVolumeClaim EventResource = "PersistentVolumeClaim"
	StorageClass          EventResource = "storage.k8s.io/StorageClass"
	WildCard              EventResource = "*"
)

// ClusterEvent is something that happened in the cluster that may make
// unschedulable Pods schedulable.
type ClusterEvent struct {
	Resource    EventResource
	ActionType  ActionType
	CustomLabel string
}

// Label names the event as Kubernetes' metrics do ("NodeAdd",
// "AssignedPodDelete", "UnschedulableTimeout").
func (e ClusterEvent) Label() string {
	if e.CustomLabel != "" {
		return e.CustomLabel
	}
	return fmt.Sprintf("%v%v", e.Resource, e.ActionType)
}

// IsWildCard reports whether the event matches every registration.
func (e ClusterEvent) IsWildCard() bool { return e.Resource == WildCard && e.ActionType == All }

// Events the scheduler itself raises (pkg/scheduler/framework/events.go).
var (
	EventAssignedPodDelete    = ClusterEvent{Resource: AssignedPod, ActionType: Delete}
	EventNodeAdd              = ClusterEvent{Resource: Node, ActionType: Add}
	EventUnschedulableTimeout = ClusterEvent{Resource: WildCard, ActionType: All, CustomLabel: "UnschedulableTimeout"}
)

// Queue labels of moves that are not cluster events.
const (
	ScheduleAttemptFailure = "ScheduleAttemptFailure"
	BackoffComplete        = "BackoffComplete"
	PopFromBackoffQ        = "PopFromBackoffQ"
)

// MatchClusterEvents reports whether incoming is registered (same
// resource, or Pod for any Pod resource, or the wildcard, and an action at
// least as specific) (pkg/scheduler/framework/types.go).
func MatchClusterEvents(registered, incoming ClusterEvent) bool {
	if registered.IsWildCard() {
		return true
	}
	r, res := registered.Resource, incoming.Resource
	resOK := r == WildCard || r == res || r == Pod && (res == AssignedPod || res == UnscheduledPod || res == TargetPod)
	return resOK && registered.ActionType&incoming.ActionType != 0 && incoming.ActionType <= registered.ActionType
}

// QueueingHint is a plugin's verdict on whether an event may make a Pod it
// rejected schedulable.
type QueueingHint int

// The hints.
const (
	QueueSkip QueueingHint = iota
	Queue
)

// QueueingHintFn looks at an event (old and new object; one is nil for an
// add or a delete) for a Pod the plugin rejected. A nil function means
// Queue.
type QueueingHintFn func(p *PodInfo, oldObj, newObj any) QueueingHint

// ClusterEventWithHint is a registration: an event and its hint.
type ClusterEventWithHint struct {
	Event          ClusterEvent
	QueueingHintFn QueueingHintFn
}

// PluginHint is one plugin's hint for an event.
type PluginHint struct {
	Plugin string
	Fn     QueueingHintFn
}

// QueueingHintMap is the registrations of a profile, by event.
type QueueingHintMap struct {
	events []ClusterEvent
	hints  map[ClusterEvent][]PluginHint
}

// NewQueueingHintMap collects the registrations of the plugins, in
// plugin order.
func NewQueueingHintMap(plugins []Plugin) *QueueingHintMap {
	m := &QueueingHintMap{hints: map[ClusterEvent][]PluginHint{}}
	for _, p := range plugins {
		ext, ok := p.(EnqueueExtensions)
		if !ok {
			continue
		}
		for _, r := range ext.EventsToRegister() {
			if _, seen := m.hints[r.Event]; !seen {
				m.events = append(m.events, r.Event)
			}
			m.hints[r.Event] = append(m.hints[r.Event], PluginHint{Plugin: p.Name(), Fn: r.QueueingHintFn})
		}
	}
	return m
}

// Interested reports whether any plugin registered for the event.
func (m *QueueingHintMap) Interested(e ClusterEvent) bool {
	if e.IsWildCard() {
		return true
	}
	for _, r := range m.events {
		if MatchClusterEvents(r, e) {
			return true
		}
	}
	return false
}

// Hints returns, in registration order, the hints registered for events
// that e matches.
func (m *QueueingHintMap) Hints(e ClusterEvent) []PluginHint {
	var out []PluginHint
	for _, r := range m.events {
		if MatchClusterEvents(r, e) {
			out = append(out, m.hints[r]...)
		}
	}
	return out
}

// Registered lists the registered events' labels, sorted.
func (m *QueueingHintMap) Registered() []string {
	set := map[string]bool{}
	for _, e := range m.events {
		set[e.Label()] = true
	}
	return slices.Sorted(maps.Keys(set))
}
