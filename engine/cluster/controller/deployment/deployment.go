package deployment

import (
	"math"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The strategy types (apps/v1).
const (
	RollingUpdateStrategy = "RollingUpdate"
	RecreateStrategy      = "Recreate"
)

// deployment is a sync's working copy of a Deployment: the fields read
// from the cached object, and the annotations and status the sync may
// change before it writes them (as a DeepCopy in Kubernetes).
type deployment struct {
	obj *object.Object // the cache's: read-only

	annotations map[string]string

	replicas                int32
	selector                object.LabelSelector
	template                map[string]any
	strategy                string
	maxSurge, maxUnavail    any // int64, "N%" or nil
	minReadySeconds         int32
	revisionHistoryLimit    *int32
	progressDeadlineSeconds *int32
	paused                  bool

	status deploymentStatus

	// matches remembers templateMatches' answers for this sync.
	matches []templateMatch
}

func decodeDeployment(o *object.Object) *deployment {
	spec := object.MapAt(o.Content, "spec")
	d := &deployment{obj: o, annotations: cloneAnnotations(o.Meta.Annotations),
		replicas: int32At(spec, "replicas"), template: object.MapAt(spec, "template"),
		strategy: stringOf(object.MapAt(spec, "strategy"), "type"), minReadySeconds: int32At(spec, "minReadySeconds"),
		revisionHistoryLimit: optInt32(spec, "revisionHistoryLimit"), progressDeadlineSeconds: optInt32(spec, "progressDeadlineSeconds"),
		status: decodeDeploymentStatus(object.MapAt(o.Content, "status"))}
	d.selector, _ = object.LabelSelectorFrom(spec["selector"])
	d.paused, _ = spec["paused"].(bool)
	ru := object.MapAt(spec, "strategy", "rollingUpdate")
	d.maxSurge, d.maxUnavail = ru["maxSurge"], ru["maxUnavailable"]
	return d
}

func (d *deployment) name() string      { return d.obj.Meta.Name }
func (d *deployment) namespace() string { return d.obj.Meta.Namespace }
func (d *deployment) key() string       { return d.obj.Meta.Namespace + "/" + d.obj.Meta.Name }

// isRollingUpdate is util.IsRollingUpdate.
func (d *deployment) isRollingUpdate() bool { return d.strategy == RollingUpdateStrategy }

// hasProgressDeadline is util.HasProgressDeadline: set, and not MaxInt32.
func (d *deployment) hasProgressDeadline() bool {
	return d.progressDeadlineSeconds != nil && *d.progressDeadlineSeconds != math.MaxInt32
}

// hasRevisionHistoryLimit is util.HasRevisionHistoryLimit.
func (d *deployment) hasRevisionHistoryLimit() bool {
	return d.revisionHistoryLimit != nil && *d.revisionHistoryLimit != math.MaxInt32
}

// statusWrite returns what to send to deployments/status: the cached
// object with the sync's annotations, and the sync's status, rendered for
// this write alone. The object's resourceVersion is the cached one, so a
// second status write in one sync conflicts, as it does in Kubernetes.
func (d *deployment) statusWrite() (*object.Object, map[string]any) {
	o := *d.obj
	o.Meta.Annotations = d.annotations
	return &o, d.status.toMap(object.MapAt(d.obj.Content, "status"))
}

// deploymentStatus is apps/v1 DeploymentStatus.
type deploymentStatus struct {
	ObservedGeneration                                                   int64
	Replicas, UpdatedReplicas, ReadyReplicas, AvailableReplicas, Unavail int32
	TerminatingReplicas                                                  *int32
	Conditions                                                           []condition
	CollisionCount                                                       *int32
}

// condition is apps/v1 DeploymentCondition, its times as written.
type condition struct {
	Type, Status, LastUpdateTime, LastTransitionTime, Reason, Message string
}

func decodeDeploymentStatus(m map[string]any) deploymentStatus {
	s := deploymentStatus{Replicas: int32At(m, "replicas"), UpdatedReplicas: int32At(m, "updatedReplicas"),
		ReadyReplicas: int32At(m, "readyReplicas"), AvailableReplicas: int32At(m, "availableReplicas"),
		Unavail: int32At(m, "unavailableReplicas"), TerminatingReplicas: optInt32(m, "terminatingReplicas"),
		CollisionCount: optInt32(m, "collisionCount")}
	s.ObservedGeneration, _ = object.Int(m["observedGeneration"])
	conds, _ := m["conditions"].([]any)
	for _, c := range conds {
		cm, _ := c.(map[string]any)
		s.Conditions = append(s.Conditions, condition{Type: stringOf(cm, "type"), Status: stringOf(cm, "status"),
			LastUpdateTime: stringOf(cm, "lastUpdateTime"), LastTransitionTime: stringOf(cm, "lastTransitionTime"),
			Reason: stringOf(cm, "reason"), Message: stringOf(cm, "message")})
	}
	return s
}

// equal is reflect.DeepEqual on two statuses.
func (s deploymentStatus) equal(o deploymentStatus) bool {
	return s.ObservedGeneration == o.ObservedGeneration && s.Replicas == o.Replicas &&
		s.UpdatedReplicas == o.UpdatedReplicas && s.ReadyReplicas == o.ReadyReplicas &&
		s.AvailableReplicas == o.AvailableReplicas && s.Unavail == o.Unavail &&
		eqPtr(s.TerminatingReplicas, o.TerminatingReplicas) && eqPtr(s.CollisionCount, o.CollisionCount) &&
		slices.Equal(s.Conditions, o.Conditions)
}

func eqPtr(a, b *int32) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// toMap renders the status as the API encodes it: every field is
// omitempty, pointers are left out only when nil. stored is the status
// tree the Deployment has: a condition's text that it repeats is taken
// from there, boxed already.
func (s deploymentStatus) toMap(stored map[string]any) map[string]any {
	m := map[string]any{}
	if s.ObservedGeneration != 0 {
		m["observedGeneration"] = s.ObservedGeneration
	}
	for k, v := range map[string]int32{"replicas": s.Replicas, "updatedReplicas": s.UpdatedReplicas,
		"readyReplicas": s.ReadyReplicas, "availableReplicas": s.AvailableReplicas, "unavailableReplicas": s.Unavail} {
		if v != 0 {
			m[k] = int64(v)
		}
	}
	if s.TerminatingReplicas != nil {
		m["terminatingReplicas"] = int64(*s.TerminatingReplicas)
	}
	if s.CollisionCount != nil {
		m["collisionCount"] = int64(*s.CollisionCount)
	}
	if len(s.Conditions) > 0 {
		l := make([]any, len(s.Conditions))
		for i, c := range s.Conditions {
			prev := object.StatusCondition(stored, c.Type)
			cm := map[string]any{"type": reboxed(prev["type"], c.Type), "status": reboxed(prev["status"], c.Status)}
			for k, v := range map[string]string{"lastUpdateTime": c.LastUpdateTime, "lastTransitionTime": c.LastTransitionTime,
				"reason": c.Reason, "message": c.Message} {
				if v != "" {
					cm[k] = reboxed(prev[k], v)
				}
			}
			l[i] = cm
		}
		m["conditions"] = l
	}
	return m
}

// reboxed is s as an interface value: prev itself when it holds the same
// string, which saves boxing s again. Sharing prev with a stored object
// is safe: nothing can change a string through its interface.
func reboxed(prev any, s string) any {
	if p, ok := prev.(string); ok && p == s {
		return prev
	}
	return s
}
