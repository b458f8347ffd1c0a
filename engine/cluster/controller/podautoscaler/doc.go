// Package podautoscaler is the horizontal Pod autoscaler controller of
// kube-controller-manager (pkg/controller/podautoscaler), for the
// autoscaling/v2 resource metrics the course uses: CPU (or memory)
// utilization against the Pods' requests, or an average value.
//
// Every sync period (15 s, --horizontal-pod-autoscaler-sync-period) it
// reads each HorizontalPodAutoscaler's target through `/scale`, the
// Pods' usage through the aggregated metrics.k8s.io API, computes the
// desired count as replica_calculator.go does (tolerance 0.1,
// ceil(ratio × Pods with metrics), missing metrics counted as 100 % of
// the request when scaling down and 0 when scaling up, not-ready Pods
// as 0 when scaling up), applies the default behaviour (scale up by at
// most max(4 Pods, 100 %) per 15 s; scale down by at most 100 % per 15 s,
// after a 300 s stabilisation window of recommendations), clamps to
// minReplicas and maxReplicas, writes `/scale` and the HPA's status.
// The Deployment and ReplicaSet controllers then create the Pods.
//
// Simplifications, named: only Resource metrics; no events
// (SuccessfulRescale) and only the AbleToScale and ScalingActive
// conditions; a Pod is unready when its Ready condition is not True
// (the CPU initialization period is not modelled); the spec's behavior
// field is not read (the defaults apply).
package podautoscaler
