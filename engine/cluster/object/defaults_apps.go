package object

import (
	"maps"
	"strconv"
)

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

// DefaultDaemonSet is SetDefaults_DaemonSet: updateStrategy RollingUpdate
// with maxUnavailable 1 and maxSurge 0, revisionHistoryLimit 10.
func DefaultDaemonSet(o *Object) {
	spec := o.EnsureMap("spec")
	us := ensureMap(spec, "updateStrategy")
	setDefault(us, "type", "RollingUpdate")
	if us["type"] == "RollingUpdate" {
		ru := ensureMap(us, "rollingUpdate")
		setDefault(ru, "maxUnavailable", int64(1)) // intstr.FromInt32(1)
		setDefault(ru, "maxSurge", int64(0))       // intstr.FromInt32(0)
	}
	setDefault(spec, "revisionHistoryLimit", int64(10))
	defaultPodTemplate(spec)
}

// DaemonSetTemplateGenerationAnnotation is where apps/v1 keeps a
// DaemonSet's template generation (appsv1.DeprecatedTemplateGeneration):
// 1 at creation, one more at every change of the Pod template.
const DaemonSetTemplateGenerationAnnotation = "deprecated.daemonset.template.generation"

// prepareDaemonSet is the DaemonSet strategy's PrepareForCreate
// (pkg/registry/apps/daemonset/strategy.go): a template generation below
// 1, or none, becomes 1.
func prepareDaemonSet(o *Object) {
	if n, err := strconv.ParseInt(o.Meta.Annotations[DaemonSetTemplateGenerationAnnotation], 10, 64); err == nil && n >= 1 {
		return
	}
	o.Meta.Annotations = withAnnotation(o.Meta.Annotations, DaemonSetTemplateGenerationAnnotation, "1")
}

// prepareDaemonSetUpdate is its PrepareForUpdate: the template generation
// is the stored one, one more when the Pod template changed.
func prepareDaemonSetUpdate(o, old *Object) {
	n, err := strconv.ParseInt(old.Meta.Annotations[DaemonSetTemplateGenerationAnnotation], 10, 64)
	if err != nil || n < 1 {
		n = 1
	}
	if !EqualValues(o.Spec()["template"], old.Spec()["template"]) {
		n++
	}
	o.Meta.Annotations = withAnnotation(o.Meta.Annotations, DaemonSetTemplateGenerationAnnotation, strconv.FormatInt(n, 10))
}

// withAnnotation returns annotations, a copy, with key set to value.
func withAnnotation(annotations map[string]string, key, value string) map[string]string {
	out := make(map[string]string, len(annotations)+1)
	maps.Copy(out, annotations)
	out[key] = value
	return out
}
