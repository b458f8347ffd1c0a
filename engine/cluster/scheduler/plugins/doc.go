// Package plugins holds the scheduling plugins of kube-scheduler's default
// profile that the model runs, one per file as
// k8s.io/kubernetes/pkg/scheduler/framework/plugins holds them, with their
// Kubernetes names, rejection reasons, scores and queueing hints (v1.37).
//
// DefaultProfile lists them in the order and with the weights of
// pkg/scheduler/apis/config/v1/default_plugins.go. Plugins of that profile
// the model does not run, and why: VolumeRestrictions, NodeVolumeLimits and
// VolumeZone (no volume attachment is modelled); PodTopologySpread and
// InterPodAffinity (no topology spreading or inter-pod affinity, including
// PodTopologySpread's system-default soft spreading, is modelled);
// DefaultBinder is the scheduler's own binding call. VolumeBinding filters
// by claims, volumes and StorageClasses and binds them in PreBind, without
// storage capacity or scoring.
package plugins
