package scheduler

import (
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// addEventHandlers wires the informers to the cache and the queue
// (pkg/scheduler/eventhandlers.go, addAllEventHandlers).
func (s *Scheduler) addEventHandlers() {
	s.podInf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: s.addPod, UpdateFunc: s.updatePod, DeleteFunc: s.deletePod,
	})
	s.nodeInf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: s.addNode, UpdateFunc: s.updateNode, DeleteFunc: s.deleteNode,
	})
}

// responsible reports whether the Pod names this scheduler's profile.
func (s *Scheduler) responsible(p *framework.PodInfo) bool {
	return p.SchedulerName == s.fwk.ProfileName()
}

func (s *Scheduler) addPod(o *object.Object) {
	p := framework.NewPodInfo(o)
	if p.NodeName == "" {
		if s.responsible(p) {
			s.nominator.add(p, "")
			s.queue.Add(p)
		}
		return
	}
	s.cache.AddPod(p)
	// AssignedPod/Add interests only InterPodAffinity and
	// PodTopologySpread, which the model does not run.
	s.queue.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, p, nil)
}

func (s *Scheduler) updatePod(oldObj, newObj *object.Object) {
	oldNode, _ := oldObj.Spec()["nodeName"].(string)
	newNode, _ := newObj.Spec()["nodeName"].(string)
	switch {
	case oldNode != "":
		prev, ok := s.cache.Pod(oldObj.Meta.Namespace + "/" + oldObj.Meta.Name)
		if !ok {
			prev = framework.NewPodInfo(oldObj)
		}
		p := prev.Refresh(newObj)
		s.cache.UpdatePod(p)
		for _, e := range framework.PodSchedulingPropertiesChange(prev, p, false) {
			s.queue.MoveAllToActiveOrBackoffQueue(e, prev, p, nil)
		}
	case newNode != "":
		// The binding, ours or someone else's.
		p := s.boundPodInfo(newObj)
		s.cache.AddPod(p)
		s.queue.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, p, nil)
		if oldObj.GetString(".spec.schedulerName") == s.fwk.ProfileName() {
			s.queue.Delete(p.Key)
			s.nominator.delete(p.Key)
		}
	default:
		if oldObj.GetString(".spec.schedulerName") == s.fwk.ProfileName() {
			s.updatePodInSchedulingQueue(oldObj, newObj)
		}
	}
}

// boundPodInfo is the PodInfo of a Pod just bound. The Pod this scheduler
// bound is in the cache, assumed, parsed from the same spec: refreshing
// that PodInfo reads only what the binding and the status changed (a spec
// that changed otherwise has a new generation, and is parsed again).
func (s *Scheduler) boundPodInfo(o *object.Object) *framework.PodInfo {
	if assumed, ok := s.cache.Pod(o.Meta.Namespace + "/" + o.Meta.Name); ok {
		return assumed.Refresh(o)
	}
	return framework.NewPodInfo(o)
}

// updatePodInSchedulingQueue: an update of an unscheduled Pod. An assumed
// Pod (its binding under way) is left alone unless its deletion started.
func (s *Scheduler) updatePodInSchedulingQueue(oldObj, newObj *object.Object) {
	if oldObj.Meta.ResourceVersion == newObj.Meta.ResourceVersion {
		return
	}
	key := newObj.Meta.Namespace + "/" + newObj.Meta.Name
	if s.cache.IsAssumed(key) {
		if newObj.Meta.DeletionTimestamp != nil && oldObj.Meta.DeletionTimestamp == nil {
			s.handleAssumedPodDeletion(key)
		}
		return
	}
	p := framework.NewPodInfo(newObj)
	s.nominator.add(p, "")
	if !s.queue.Update(p) {
		s.queue.Add(p)
	}
}

// handleAssumedPodDeletion frees what an assumed Pod being deleted holds.
func (s *Scheduler) handleAssumedPodDeletion(key string) {
	a, ok := s.cache.Pod(key)
	if !ok {
		return
	}
	s.cache.RemovePod(key)
	s.queue.MoveAllToActiveOrBackoffQueue(framework.EventAssignedPodDelete, a, nil, nil)
}

func (s *Scheduler) deletePod(obj any) {
	o, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	p := framework.NewPodInfo(o)
	_, tombstone := obj.(cache.DeletedFinalStateUnknown)
	if p.NodeName != "" || tombstone {
		if cached, ok := s.cache.Pod(p.Key); ok {
			p = cached
		}
		s.cache.RemovePod(p.Key)
		s.queue.MoveAllToActiveOrBackoffQueue(framework.EventAssignedPodDelete, p, nil, nil)
		if !tombstone {
			return
		}
	}
	if s.responsible(p) {
		s.queue.Delete(p.Key)
		s.nominator.delete(p.Key)
	}
}

func (s *Scheduler) addNode(o *object.Object) {
	s.cache.AddNode(o)
	s.queue.MoveAllToActiveOrBackoffQueue(framework.EventNodeAdd, nil, o, nil)
	s.kick()
}

func (s *Scheduler) updateNode(oldObj, newObj *object.Object) {
	s.cache.UpdateNode(newObj)
	for _, e := range framework.NodeSchedulingPropertiesChange(oldObj, newObj) {
		s.queue.MoveAllToActiveOrBackoffQueue(e, oldObj, newObj, nil)
	}
}

func (s *Scheduler) deleteNode(obj any) {
	o, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	s.queue.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Delete}, o, nil, nil)
	s.cache.RemoveNode(o.Meta.Name)
}
