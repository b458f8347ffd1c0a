package scheduler

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// The PodScheduled condition's reasons (k8s.io/api/core/v1, types.go).
const (
	ReasonUnschedulable  = "Unschedulable"
	ReasonSchedulerError = "SchedulerError"
)

// NoteLengthLimit is the longest Event note; longer messages are cut and
// end in " ..." (pkg/apis/core/validation, NoteLengthLimit).
const NoteLengthLimit = 1024

// handleSchedulingFailure puts a Pod whose attempt failed back in the queue
// with the plugins that rejected it, records a FailedScheduling Event and
// sets PodScheduled=False with the reason and the message
// (schedule_one.go, handleSchedulingFailure).
func (s *Scheduler) handleSchedulingFailure(qp *framework.QueuedPodInfo, st *framework.Status, result scheduleResult) {
	reason := ReasonSchedulerError
	if st.IsRejected() {
		reason = ReasonUnschedulable
		s.stats.Unschedulable++
	} else {
		s.stats.Errors++
	}
	errMsg := st.Message()
	qp.UnschedulablePlugins, qp.PendingPlugins = nil, nil
	if fe, ok := fitError(st); ok {
		qp.UnschedulablePlugins = fe.Diagnosis.UnschedulablePlugins
		qp.PendingPlugins = fe.Diagnosis.PendingPlugins
	}
	pod := qp.PodInfo
	cached, ok := s.podInf.Lister().Get(pod.Namespace, pod.Name)
	switch {
	case !ok:
		// The Pod is gone; nothing to requeue.
	case cached.GetString(".spec.nodeName") != "":
		// Bound meanwhile (by someone else): do not requeue.
	case cached.Meta.UID != pod.UID:
		// Recreated while we tried: skip requeue and status updates.
		return
	default:
		if cached != pod.Pod {
			qp.PodInfo = framework.NewPodInfo(cached)
		}
		pod = qp.PodInfo
		s.queue.AddUnschedulableIfNotPresent(qp)
	}
	nominated := pod.NominatedNodeName
	switch {
	case result.nominated != "":
		nominated = result.nominated
		s.nominator.add(pod, nominated)
	case result.clearNomination:
		nominated = ""
		s.nominator.delete(pod.Key)
	}
	msg := errMsg
	if len(msg) > NoteLengthLimit {
		msg = msg[:NoteLengthLimit-len(" ...")] + " ..."
	}
	s.recorder.eventf(pod, nil, eventTypeWarning, "FailedScheduling", "Scheduling", "%s", msg)
	s.updatePodScheduledCondition(pod, reason, errMsg, nominated)
}

// updatePodScheduledCondition PATCHes pods/status with PodScheduled=False
// and the nominated node when either changes (schedule_one.go, updatePod;
// podutil.UpdatePodCondition: the transition time moves only with the
// status; util.PatchPodStatus sends a strategic merge patch).
func (s *Scheduler) updatePodScheduledCondition(pod *framework.PodInfo, reason, message, nominated string) {
	now := object.FormatTime(s.env.Loop.Now().Wall())
	var old map[string]any
	for _, c := range listOf(pod.Pod.Status()["conditions"]) {
		if m, ok := c.(map[string]any); ok && m["type"] == "PodScheduled" {
			old = m
		}
	}
	cond := map[string]any{"type": "PodScheduled", "status": "False", "reason": reason, "message": message,
		"lastProbeTime": nil, "lastTransitionTime": now}
	if pod.Generation > 0 {
		cond["observedGeneration"] = pod.Generation
	}
	condChanged := true
	if old != nil {
		if old["status"] == "False" {
			cond["lastTransitionTime"] = old["lastTransitionTime"]
		}
		condChanged = !(old["status"] == cond["status"] && old["reason"] == reason && old["message"] == message &&
			old["lastProbeTime"] == nil && old["lastTransitionTime"] == cond["lastTransitionTime"])
	}
	nnnChanged := pod.NominatedNodeName != nominated
	if !condChanged && !nnnChanged {
		return
	}
	status := map[string]any{}
	if condChanged {
		status["$setElementOrder/conditions"] = conditionOrder(pod.Pod, cond)
		status["conditions"] = []any{cond}
	}
	if nnnChanged {
		if nominated == "" {
			status["nominatedNodeName"] = nil
		} else {
			status["nominatedNodeName"] = nominated
		}
	}
	req := client.PatchRequest(s.podKind, pod.Namespace, pod.Name, api.StrategicMergePatch,
		map[string]any{"status": status}, api.WriteOptions{}, "status")
	s.client.DoRetry(req, func(*api.Response) {})
}

// conditionOrder is the $setElementOrder/conditions directive a two-way
// merge patch carries: the condition types in their order after the patch.
func conditionOrder(o *object.Object, cond map[string]any) []any {
	var out []any
	seen := false
	for _, c := range listOf(o.Status()["conditions"]) {
		m, _ := c.(map[string]any)
		if m["type"] == cond["type"] {
			seen = true
		}
		out = append(out, map[string]any{"type": m["type"]})
	}
	if !seen {
		out = append(out, map[string]any{"type": cond["type"]})
	}
	return out
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}
