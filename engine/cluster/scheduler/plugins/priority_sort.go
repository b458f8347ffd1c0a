package plugins

import "github.com/loopbook/loopbook/engine/cluster/scheduler/framework"

// PrioritySortPlugin orders the active queue: higher priority first, then
// the Pod that entered the queue earlier (plugins/queuesort/priority_sort.go).
// Equal Pods keep the order they entered in.
type PrioritySortPlugin struct{}

// Name returns "PrioritySort".
func (*PrioritySortPlugin) Name() string { return PrioritySort }

// Less reports whether a goes before b.
func (*PrioritySortPlugin) Less(a, b *framework.QueuedPodInfo) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	if a.Timestamp != b.Timestamp {
		return a.Timestamp < b.Timestamp
	}
	return a.Seq < b.Seq
}
