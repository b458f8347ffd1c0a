package queue

import (
	"container/heap"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// podHeap is a heap of queued Pods with lookup by key
// (pkg/scheduler/backend/heap).
type podHeap struct {
	items []*framework.QueuedPodInfo
	index map[string]int
	less  func(a, b *framework.QueuedPodInfo) bool
}

func newPodHeap(less func(a, b *framework.QueuedPodInfo) bool) *podHeap {
	return &podHeap{index: map[string]int{}, less: less}
}

func (h *podHeap) Len() int           { return len(h.items) }
func (h *podHeap) Less(i, j int) bool { return h.less(h.items[i], h.items[j]) }
func (h *podHeap) Swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.index[h.items[i].Key] = i
	h.index[h.items[j].Key] = j
}
func (h *podHeap) Push(x any) {
	p := x.(*framework.QueuedPodInfo)
	h.index[p.Key] = len(h.items)
	h.items = append(h.items, p)
}
func (h *podHeap) Pop() any {
	n := len(h.items) - 1
	p := h.items[n]
	h.items[n] = nil
	h.items = h.items[:n]
	delete(h.index, p.Key)
	return p
}

// addOrUpdate inserts p, or replaces the entry with its key and re-sorts.
func (h *podHeap) addOrUpdate(p *framework.QueuedPodInfo) {
	if i, ok := h.index[p.Key]; ok {
		h.items[i] = p
		heap.Fix(h, i)
		return
	}
	heap.Push(h, p)
}

// get returns the entry with key.
func (h *podHeap) get(key string) (*framework.QueuedPodInfo, bool) {
	i, ok := h.index[key]
	if !ok {
		return nil, false
	}
	return h.items[i], true
}

// delete removes the entry with key and returns it.
func (h *podHeap) delete(key string) *framework.QueuedPodInfo {
	i, ok := h.index[key]
	if !ok {
		return nil
	}
	return heap.Remove(h, i).(*framework.QueuedPodInfo)
}

// peek returns the head.
func (h *podHeap) peek() *framework.QueuedPodInfo {
	if len(h.items) == 0 {
		return nil
	}
	return h.items[0]
}

// pop removes and returns the head.
func (h *podHeap) pop() *framework.QueuedPodInfo {
	if len(h.items) == 0 {
		return nil
	}
	return heap.Pop(h).(*framework.QueuedPodInfo)
}
