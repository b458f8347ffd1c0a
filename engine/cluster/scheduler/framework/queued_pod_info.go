package framework

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// QueuedPodInfo is a Pod in the scheduling queue with its queueing history
// (framework.QueuedPodInfo).
type QueuedPodInfo struct {
	*PodInfo
	// Timestamp is when the Pod was added to the queue, or last came back
	// to it after a failed attempt; the queue sorts by it and backoff
	// counts from it.
	Timestamp sim.Time
	// InitialAttemptTimestamp is when the Pod was first moved to activeQ.
	InitialAttemptTimestamp sim.Time
	HasInitialAttempt       bool
	// Attempts counts scheduling attempts.
	Attempts int
	// UnschedulableCount counts attempts rejected by plugins;
	// ConsecutiveErrorsCount counts attempts in a row that failed with an
	// error. Backoff grows with the latter when it is set, else with the
	// former.
	UnschedulableCount     int
	ConsecutiveErrorsCount int
	// BackoffExpiration caches when the current backoff ends; zero when
	// not computed yet.
	BackoffExpiration sim.Time
	HasBackoff        bool
	// UnschedulablePlugins and PendingPlugins are the plugins that rejected
	// the Pod in its last attempt; only events they registered for can
	// move it back to activeQ.
	UnschedulablePlugins map[string]bool
	PendingPlugins       map[string]bool
	// Gated is true while a PreEnqueue plugin (SchedulingGates) holds the
	// Pod.
	Gated bool
	// WasFlushedFromUnschedulable and FlushTimestamp record the periodic
	// flush of Pods that stayed unschedulable too long.
	WasFlushedFromUnschedulable bool
	FlushTimestamp              sim.Time
	// Seq breaks ties between Pods of equal priority and timestamp in the
	// order they entered the queue (Kubernetes' heap leaves such ties
	// unordered).
	Seq uint64
}

// RejectorPlugins returns the unschedulable and pending plugins, sorted.
func (q *QueuedPodInfo) RejectorPlugins() []string {
	out := slices.Collect(maps.Keys(q.UnschedulablePlugins))
	for p := range q.PendingPlugins {
		if !q.UnschedulablePlugins[p] {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
