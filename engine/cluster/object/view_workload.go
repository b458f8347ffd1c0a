package object

// DeploymentView is what the Deployment controller reads of a Deployment.
type DeploymentView struct {
	Name, Namespace, UID string
	Generation           int64
	Labels, Annotations  map[string]string
	Deleting             bool

	Replicas int64
	Selector LabelSelector
	// Template is spec.template as stored (read-only; DeepCopyValue it
	// before building a ReplicaSet from it).
	Template       map[string]any
	TemplateLabels map[string]string
	// StrategyType is "RollingUpdate" or "Recreate".
	StrategyType string
	// MaxSurge and MaxUnavailable are int64 or "N%" strings; resolve them
	// with ScaledIntOrPercent.
	MaxSurge, MaxUnavailable any
	MinReadySeconds          int64
	RevisionHistoryLimit     int64
	ProgressDeadlineSeconds  int64 // 0 when unset
	Paused                   bool

	Status WorkloadStatus
}

// WorkloadStatus is the status block of a Deployment, ReplicaSet or
// StatefulSet.
type WorkloadStatus struct {
	ObservedGeneration                                         int64
	Replicas, UpdatedReplicas, ReadyReplicas                   int64
	AvailableReplicas, UnavailableReplicas                     int64
	FullyLabeledReplicas, CurrentReplicas, TerminatingReplicas int64
	CollisionCount                                             int64
	Conditions                                                 []Condition
}

func workloadStatusFrom(st map[string]any) WorkloadStatus {
	var s WorkloadStatus
	s.ObservedGeneration, _ = intAt(st, "observedGeneration")
	s.Replicas, _ = intAt(st, "replicas")
	s.UpdatedReplicas, _ = intAt(st, "updatedReplicas")
	s.ReadyReplicas, _ = intAt(st, "readyReplicas")
	s.AvailableReplicas, _ = intAt(st, "availableReplicas")
	s.UnavailableReplicas, _ = intAt(st, "unavailableReplicas")
	s.FullyLabeledReplicas, _ = intAt(st, "fullyLabeledReplicas")
	s.CurrentReplicas, _ = intAt(st, "currentReplicas")
	s.TerminatingReplicas, _ = intAt(st, "terminatingReplicas")
	s.CollisionCount, _ = intAt(st, "collisionCount")
	s.Conditions = conditionsFrom(listAt(st, "conditions"))
	return s
}

// ViewDeployment decodes a Deployment's view.
func ViewDeployment(o *Object) DeploymentView {
	spec := o.Spec()
	v := DeploymentView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace, UID: o.Meta.UID, Generation: o.Meta.Generation,
		Labels: o.Meta.Labels, Annotations: o.Meta.Annotations, Deleting: o.Meta.DeletionTimestamp != nil,
		Template:     mapAt(spec, "template"),
		StrategyType: stringAt(spec, "strategy", "type"),
		Status:       workloadStatusFrom(o.Status()),
	}
	v.Selector, _ = LabelSelectorFrom(spec["selector"])
	v.TemplateLabels = stringMap(mapAt(spec, "template", "metadata")["labels"])
	v.Replicas, _ = intAt(spec, "replicas")
	ru := mapAt(spec, "strategy", "rollingUpdate")
	v.MaxSurge, v.MaxUnavailable = ru["maxSurge"], ru["maxUnavailable"]
	v.MinReadySeconds, _ = intAt(spec, "minReadySeconds")
	v.RevisionHistoryLimit, _ = intAt(spec, "revisionHistoryLimit")
	v.ProgressDeadlineSeconds, _ = intAt(spec, "progressDeadlineSeconds")
	v.Paused, _ = spec["paused"].(bool)
	return v
}

// ReplicaSetView is what the ReplicaSet and Deployment controllers read of
// a ReplicaSet.
type ReplicaSetView struct {
	Name, Namespace, UID string
	Generation           int64
	Labels, Annotations  map[string]string
	ControllerRef        *OwnerReference
	Deleting             bool

	Replicas        int64
	Selector        LabelSelector
	Template        map[string]any
	TemplateLabels  map[string]string
	MinReadySeconds int64
	// TemplateHash is the pod-template-hash label the Deployment
	// controller puts on its ReplicaSets.
	TemplateHash string

	Status WorkloadStatus
}

// ViewReplicaSet decodes a ReplicaSet's view.
func ViewReplicaSet(o *Object) ReplicaSetView {
	spec := o.Spec()
	v := ReplicaSetView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace, UID: o.Meta.UID, Generation: o.Meta.Generation,
		Labels: o.Meta.Labels, Annotations: o.Meta.Annotations, ControllerRef: controllerRef(&o.Meta),
		Deleting:     o.Meta.DeletionTimestamp != nil,
		Template:     mapAt(spec, "template"),
		TemplateHash: o.Meta.Labels["pod-template-hash"],
		Status:       workloadStatusFrom(o.Status()),
	}
	v.Selector, _ = LabelSelectorFrom(spec["selector"])
	v.TemplateLabels = stringMap(mapAt(spec, "template", "metadata")["labels"])
	v.Replicas, _ = intAt(spec, "replicas")
	v.MinReadySeconds, _ = intAt(spec, "minReadySeconds")
	return v
}
