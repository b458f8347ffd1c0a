package deployment

import (
	"maps"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// replicaSet is what the Deployment controller reads of a cached
// ReplicaSet. Changes are made on copies (with) and written with Update.
type replicaSet struct {
	obj             *object.Object // the cache's, or a write's answer: read-only
	replicas        int32
	minReadySeconds int32
	template        map[string]any
	status          rsStatus
}

// rsStatus is the part of ReplicaSetStatus the controller reads.
type rsStatus struct {
	Replicas, ReadyReplicas, AvailableReplicas int32
	TerminatingReplicas                        *int32
	ObservedGeneration                         int64
	// Failure is the ReplicaFailure condition, if any.
	Failure *condition
}

func decodeReplicaSet(o *object.Object) *replicaSet {
	spec, st := object.MapAt(o.Content, "spec"), object.MapAt(o.Content, "status")
	rs := &replicaSet{obj: o, replicas: int32At(spec, "replicas"), minReadySeconds: int32At(spec, "minReadySeconds"),
		template: object.MapAt(spec, "template"),
		status: rsStatus{Replicas: int32At(st, "replicas"), ReadyReplicas: int32At(st, "readyReplicas"),
			AvailableReplicas: int32At(st, "availableReplicas"), TerminatingReplicas: optInt32(st, "terminatingReplicas")}}
	rs.status.ObservedGeneration, _ = object.Int(st["observedGeneration"])
	conds, _ := st["conditions"].([]any)
	for _, c := range conds {
		cm, _ := c.(map[string]any)
		if stringOf(cm, "type") == "ReplicaFailure" {
			// ReplicaSetToDeploymentCondition: lastUpdateTime is the
			// transition time.
			t := stringOf(cm, "lastTransitionTime")
			rs.status.Failure = &condition{Type: "ReplicaFailure", Status: stringOf(cm, "status"), LastUpdateTime: t,
				LastTransitionTime: t, Reason: stringOf(cm, "reason"), Message: stringOf(cm, "message")}
		}
	}
	return rs
}

func (rs *replicaSet) name() string       { return rs.obj.Meta.Name }
func (rs *replicaSet) uid() string        { return rs.obj.Meta.UID }
func (rs *replicaSet) created() time.Time { return rs.obj.Meta.CreationTimestamp }
func (rs *replicaSet) annotation(k string) string {
	return rs.obj.Meta.Annotations[k]
}

// with returns a copy of the ReplicaSet's object, with its own
// annotations and spec maps, for an Update.
func (rs *replicaSet) with(annotations map[string]string, replicas int32, minReadySeconds int32) *object.Object {
	o := *rs.obj
	o.Meta.Annotations = annotations
	o.Content = maps.Clone(rs.obj.Content)
	spec := maps.Clone(object.MapAt(rs.obj.Content, "spec"))
	spec["replicas"] = int64(replicas)
	if minReadySeconds != 0 {
		spec["minReadySeconds"] = int64(minReadySeconds)
	} else {
		delete(spec, "minReadySeconds")
	}
	o.Content["spec"] = spec
	return &o
}
