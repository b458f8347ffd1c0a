package replicaset

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// replicaSet is what a sync reads of a cached ReplicaSet. obj is the
// cache's object: read-only.
type replicaSet struct {
	obj             *object.Object
	replicas        int64
	minReadySeconds int64
	selector        object.LabelSelector
	match           matcher // selector, compiled
	template        matcher // the template's labels, as a selector
	templateTree    map[string]any
	templateLabels  map[string]string
	status          status
}

func decodeReplicaSet(o *object.Object) *replicaSet {
	spec := object.MapAt(o.Content, "spec")
	rs := &replicaSet{obj: o, replicas: intAt(spec, "replicas"), minReadySeconds: intAt(spec, "minReadySeconds"),
		templateTree: object.MapAt(spec, "template"), status: decodeStatus(object.MapAt(o.Content, "status"))}
	rs.selector, _ = object.LabelSelectorFrom(spec["selector"])
	rs.match = compileSelector(rs.selector)
	rs.templateLabels = object.StringMap(object.MapAt(rs.templateTree, "metadata")["labels"])
	rs.template = compileLabels(rs.templateLabels)
	return rs
}

func (rs *replicaSet) key() string { return rs.obj.Meta.Namespace + "/" + rs.obj.Meta.Name }

// status is apps/v1 ReplicaSetStatus.
type status struct {
	Replicas, FullyLabeledReplicas, ReadyReplicas, AvailableReplicas int64
	// TerminatingReplicas is a pointer in the API: nil is "not reported".
	TerminatingReplicas *int64
	ObservedGeneration  int64
	Conditions          []condition
}

// condition is apps/v1 ReplicaSetCondition; times are kept as written.
type condition struct {
	Type, Status, LastTransitionTime, Reason, Message string
}

// replicaFailure is apps.ReplicaSetReplicaFailure, the only condition type.
const replicaFailure = "ReplicaFailure"

func decodeStatus(m map[string]any) status {
	s := status{Replicas: intAt(m, "replicas"), FullyLabeledReplicas: intAt(m, "fullyLabeledReplicas"),
		ReadyReplicas: intAt(m, "readyReplicas"), AvailableReplicas: intAt(m, "availableReplicas"),
		ObservedGeneration: intAt(m, "observedGeneration")}
	if n, ok := object.Int(m["terminatingReplicas"]); ok {
		s.TerminatingReplicas = &n
	}
	conds, _ := m["conditions"].([]any)
	for _, c := range conds {
		cm := asMap(c)
		str := func(k string) string { s, _ := cm[k].(string); return s }
		s.Conditions = append(s.Conditions, condition{Type: str("type"), Status: str("status"),
			LastTransitionTime: str("lastTransitionTime"), Reason: str("reason"), Message: str("message")})
	}
	return s
}

// toMap renders the status as the API encodes it: the omitempty fields
// (all but replicas) are left out when zero.
func (s status) toMap() map[string]any {
	m := map[string]any{"replicas": s.Replicas}
	put := func(k string, v int64) {
		if v != 0 {
			m[k] = v
		}
	}
	put("fullyLabeledReplicas", s.FullyLabeledReplicas)
	put("readyReplicas", s.ReadyReplicas)
	put("availableReplicas", s.AvailableReplicas)
	put("observedGeneration", s.ObservedGeneration)
	if s.TerminatingReplicas != nil {
		m["terminatingReplicas"] = *s.TerminatingReplicas
	}
	if len(s.Conditions) > 0 {
		l := make([]any, len(s.Conditions))
		for i, c := range s.Conditions {
			cm := map[string]any{"type": c.Type, "status": c.Status}
			for k, v := range map[string]string{"lastTransitionTime": c.LastTransitionTime, "reason": c.Reason, "message": c.Message} {
				if v != "" {
					cm[k] = v
				}
			}
			l[i] = cm
		}
		m["conditions"] = l
	}
	return m
}
