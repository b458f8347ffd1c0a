package env

import "time"

// Timings are the durations the model's actors follow. Default returns
// Kubernetes' defaults, each with its source; fixtures may override them.
// The latencies the model invents (Latency*, Image*) are illustrative and
// named as such.
type Timings struct {
	// Kubelet.
	NodeLeaseDuration         time.Duration // 40s: kubelet nodeLeaseDurationSeconds (pkg/kubelet/apis/config/v1beta1/defaults.go)
	NodeLeaseRenewInterval    time.Duration // 10s: 25% of the lease duration (pkg/kubelet/kubelet.go nodeLeaseRenewIntervalFraction)
	NodeStatusUpdateFrequency time.Duration // 10s: how often the kubelet computes node status (defaults.go)
	NodeStatusReportFrequency time.Duration // 5m: post unchanged status at least this often (defaults.go)
	PodTerminationGrace       time.Duration // 30s: terminationGracePeriodSeconds (pkg/apis/core/v1/defaults.go)
	CrashLoopInitialBackOff   time.Duration // 10s: pkg/kubelet/kubelet.go backOffPeriod
	CrashLoopMaxBackOff       time.Duration // 300s: MaxContainerBackOff (pkg/kubelet/kubelet.go)
	CrashLoopResetAfter       time.Duration // 10m: a container that ran this long without failing resets its back-off (2 x MaxContainerBackOff, flowcontrol.Backoff)
	ProbePeriod               time.Duration // 10s: periodSeconds (pkg/apis/core/v1/defaults.go)
	ProbeFailureThreshold     int           // 3: failureThreshold

	// Controller manager.
	NodeMonitorPeriod      time.Duration // 5s: --node-monitor-period (cmd/kube-controller-manager/app/options)
	NodeMonitorGracePeriod time.Duration // 50s since v1.32: --node-monitor-grace-period
	DefaultTolerationTime  time.Duration // 300s: DefaultTolerationSeconds admission (not-ready, unreachable)
	MaxEndpointsPerSlice   int           // 100: --max-endpoints-per-slice (pkg/controller/endpointslice)
	HPASyncPeriod          time.Duration // 15s: --horizontal-pod-autoscaler-sync-period
	HPATolerance           float64       // 0.1: --horizontal-pod-autoscaler-tolerance
	HPADownscaleWindow     time.Duration // 5m: --horizontal-pod-autoscaler-downscale-stabilization

	// Leader election (k8s.io/component-base/config/v1alpha1/defaults.go).
	LeaseDuration time.Duration // 15s
	RenewDeadline time.Duration // 10s
	RetryPeriod   time.Duration // 2s

	// Scheduler (pkg/scheduler/apis/config/v1/defaults.go).
	PodInitialBackoff     time.Duration // 1s
	PodMaxBackoff         time.Duration // 10s
	PodMaxInUnschedulable time.Duration // 5m: podMaxInUnschedulablePodsDuration

	// Service proxy (pkg/proxy/apis/config/v1alpha1/defaults.go, iptables mode).
	ProxySyncPeriod    time.Duration // 30s
	ProxyMinSyncPeriod time.Duration // 1s

	// Illustrative latencies the model invents.
	LatencyWatch   time.Duration // 5ms: from a committed write to a watcher's notification
	ImagePull      time.Duration // 2s: an image with no behaviour of its own
	ContainerStart time.Duration // 1s
}

// Default returns Kubernetes' default timings.
func Default() Timings {
	return Timings{
		NodeLeaseDuration:         40 * time.Second,
		NodeLeaseRenewInterval:    10 * time.Second,
		NodeStatusUpdateFrequency: 10 * time.Second,
		NodeStatusReportFrequency: 5 * time.Minute,
		PodTerminationGrace:       30 * time.Second,
		CrashLoopInitialBackOff:   10 * time.Second,
		CrashLoopMaxBackOff:       300 * time.Second,
		CrashLoopResetAfter:       10 * time.Minute,
		ProbePeriod:               10 * time.Second,
		ProbeFailureThreshold:     3,

		NodeMonitorPeriod:      5 * time.Second,
		NodeMonitorGracePeriod: 50 * time.Second,
		DefaultTolerationTime:  300 * time.Second,
		MaxEndpointsPerSlice:   100,
		HPASyncPeriod:          15 * time.Second,
		HPATolerance:           0.1,
		HPADownscaleWindow:     5 * time.Minute,

		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,

		PodInitialBackoff:     1 * time.Second,
		PodMaxBackoff:         10 * time.Second,
		PodMaxInUnschedulable: 5 * time.Minute,

		ProxySyncPeriod:    30 * time.Second,
		ProxyMinSyncPeriod: 1 * time.Second,

		LatencyWatch:   5 * time.Millisecond,
		ImagePull:      2 * time.Second,
		ContainerStart: 1 * time.Second,
	}
}
