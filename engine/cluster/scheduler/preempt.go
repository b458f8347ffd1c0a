package scheduler

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// The DisruptionTarget condition preemption sets on a victim before
// deleting it (k8s.io/api/core/v1: DisruptionTarget, PodReasonPreemptionByScheduler).
const (
	ConditionDisruptionTarget   = "DisruptionTarget"
	ReasonPreemptionByScheduler = "PreemptionByScheduler"
)

// PreemptVictims carries out DefaultPreemption's decision
// (framework/preemption/executor.go, PreemptPod): for each victim, PATCH
// pods/status with DisruptionTarget=True (reason PreemptionByScheduler,
// "default-scheduler: preempting to accommodate a higher priority pod"),
// DELETE the Pod, and record a Preempted Event "Preempted by pod <uid> on
// node <node>". Kubernetes does this on a goroutine (SchedulerAsyncPreemption);
// here the calls are made at once. A victim already gone is skipped.
func (s *Scheduler) PreemptVictims(preemptor *framework.PodInfo, node string, victims []*framework.PodInfo) *framework.Status {
	for _, v := range victims {
		cond := map[string]any{"type": ConditionDisruptionTarget, "status": "True", "reason": ReasonPreemptionByScheduler,
			"message":            fmt.Sprintf("%s: preempting to accommodate a higher priority pod", preemptor.SchedulerName),
			"lastProbeTime":      nil,
			"lastTransitionTime": object.FormatTime(s.env.Loop.Now().Wall())}
		if v.Generation > 0 {
			cond["observedGeneration"] = v.Generation
		}
		patch := map[string]any{"status": map[string]any{
			"$setElementOrder/conditions": conditionOrder(v.Pod, cond), "conditions": []any{cond}}}
		resp := s.client.Do(client.PatchRequest(s.podKind, v.Namespace, v.Name, api.StrategicMergePatch, patch, api.WriteOptions{}, "status"), nil)
		if api.IsReason(resp.Err(), api.ReasonNotFound) {
			continue
		}
		if !resp.OK() {
			return framework.AsStatus(resp.Err())
		}
		resp = s.client.Do(client.DeleteRequest(s.podKind, v.Namespace, v.Name, api.DeleteOptions{}), nil)
		if api.IsReason(resp.Err(), api.ReasonNotFound) {
			continue
		}
		if !resp.OK() {
			return framework.AsStatus(resp.Err())
		}
		s.recorder.eventf(v, preemptor, eventTypeNormal, "Preempted", "Preempting", "Preempted by pod %v on node %v", preemptor.UID, node)
	}
	return nil
}
