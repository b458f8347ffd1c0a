package scheduler

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// DefaultBinder is the name of the bind plugin, as its errors name it.
const DefaultBinder = "DefaultBinder"

// preBindAndBind is the binding cycle: the PreBind plugins (VolumeBinding
// writing and waiting for its claims), then the Binding. A PreBind
// failure ends the cycle as a failed binding does (schedule_one.go,
// bindingCycle).
func (s *Scheduler) preBindAndBind(qp *framework.QueuedPodInfo, assumed *framework.PodInfo, node string) {
	proc := s.proc
	s.fwk.RunPreBindPlugins(&s.state, assumed, node, func(st *framework.Status) {
		if s.proc != proc || !s.running {
			return // the process was stopped meanwhile
		}
		if !st.IsSuccess() {
			s.handleBindingCycleError(qp, assumed, st)
			return
		}
		s.bind(qp, assumed, node)
	})
}

// bind POSTs the Binding of an assumed Pod (plugins/defaultbinder: a
// Binding named after the Pod, with its UID as precondition and the node as
// target), then finishes the binding cycle: a Scheduled Event on success;
// otherwise the assumed Pod is forgotten — which frees its room like a
// deleted Pod — and the Pod goes back to the queue with the error. A 429
// or a 5xx with Retry-After is resent on the loop as client-go resends it,
// and the cycle finishes when the answer is final.
func (s *Scheduler) bind(qp *framework.QueuedPodInfo, assumed *framework.PodInfo, node string) {
	body := map[string]any{
		"apiVersion": "v1", "kind": "Binding",
		"metadata": map[string]any{"namespace": assumed.Namespace, "name": assumed.Name, "uid": assumed.UID},
		"target":   map[string]any{"kind": "Node", "name": node},
	}
	req := client.SubresourceRequestOwning(api.MethodPost, s.podKind, assumed.Namespace, assumed.Name, "binding", body) // body is new
	c := s.client
	c.DoRetry(req, func(resp *api.Response) {
		if s.client != c {
			return // the process was stopped meanwhile
		}
		if resp.OK() {
			s.stats.Scheduled++
			s.recorder.eventf(assumed, nil, eventTypeNormal, "Scheduled", "Binding", "Successfully assigned %v/%v to %v", assumed.Namespace, assumed.Name, node)
			return
		}
		st := framework.AsStatus(fmt.Errorf("running Bind plugin %q: %w", DefaultBinder, resp.Err()))
		s.handleBindingCycleError(qp, assumed, st)
	})
}

// handleBindingCycleError forgets the assumed Pod, tells the queue as for a
// deleted bound Pod, and handles the failure (schedule_one.go).
func (s *Scheduler) handleBindingCycleError(qp *framework.QueuedPodInfo, assumed *framework.PodInfo, st *framework.Status) {
	if err := s.cache.ForgetPod(assumed); err == nil {
		s.queue.MoveAllToActiveOrBackoffQueue(framework.EventAssignedPodDelete, assumed, nil, nil)
	}
	s.handleSchedulingFailure(qp, st, scheduleResult{clearNomination: true})
}
