package object

// Workload defaults from pkg/apis/apps/v1/defaults.go; the pod template
// gets the PodSpec defaults of pkg/apis/core/v1/defaults.go.

// DefaultDeployment is SetDefaults_Deployment.
func DefaultDeployment(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "replicas", int64(1))
	strategy := ensureMap(spec, "strategy")
	setDefault(strategy, "type", "RollingUpdate")
	if strategy["type"] == "RollingUpdate" {
		ru := ensureMap(strategy, "rollingUpdate")
		setDefault(ru, "maxUnavailable", "25%") // intstr.FromString("25%")
		setDefault(ru, "maxSurge", "25%")       // intstr.FromString("25%")
	}
	setDefault(spec, "revisionHistoryLimit", int64(10))
	setDefault(spec, "progressDeadlineSeconds", int64(600))
	defaultPodTemplate(spec)
}

// DefaultReplicaSet is SetDefaults_ReplicaSet.
func DefaultReplicaSet(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "replicas", int64(1))
	defaultPodTemplate(spec)
}

// DefaultStatefulSet is SetDefaults_StatefulSet (StatefulSetAutoDeletePVC
// is GA, so the PVC retention policy is defaulted too).
func DefaultStatefulSet(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "podManagementPolicy", "OrderedReady")
	us := ensureMap(spec, "updateStrategy")
	if _, ok := us["type"]; !ok {
		us["type"] = "RollingUpdate"
		ensureMap(us, "rollingUpdate")
	}
	if us["type"] == "RollingUpdate" {
		if ru := mapAt(us, "rollingUpdate"); ru != nil {
			setDefault(ru, "partition", int64(0))
		}
	}
	policy := ensureMap(spec, "persistentVolumeClaimRetentionPolicy")
	setDefault(policy, "whenDeleted", "Retain")
	setDefault(policy, "whenScaled", "Retain")
	setDefault(spec, "replicas", int64(1))
	setDefault(spec, "revisionHistoryLimit", int64(10))
	defaultPodTemplate(spec)
	for _, t := range listAt(spec, "volumeClaimTemplates") {
		if tm, ok := t.(map[string]any); ok {
			setDefault(ensureMap(tm, "spec"), "volumeMode", "Filesystem")
		}
	}
}
