package scheduler

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// ErrNoNodesAvailable is the error of a cycle with no node at all
// (pkg/scheduler/scheduler.go).
var ErrNoNodesAvailable = errors.New("no nodes available to schedule pods")

// scheduleResult is the outcome of the scheduling algorithm.
type scheduleResult struct {
	host                string
	evaluated, feasible int
	// nominated is set when preemption nominated the Pod to a node;
	// clearNomination when the Pod's nomination is to be removed.
	nominated       string
	clearNomination bool
}

// scheduleOne takes one Pod through a scheduling cycle and, when a node is
// found, assumes it there and binds it (schedule_one.go, ScheduleOne).
func (s *Scheduler) scheduleOne(qp *framework.QueuedPodInfo) {
	pod := qp.PodInfo
	if pod.Deleting {
		// skipPodSchedule, case 1.
		s.recorder.eventf(pod, nil, eventTypeWarning, "FailedScheduling", "Scheduling", "skip schedule deleting pod: %v/%v", pod.Namespace, pod.Name)
		return
	}
	if s.cache.IsAssumed(pod.Key) {
		return
	}
	s.stats.Attempts++
	state := &s.state
	state.Reset()
	result, st := s.schedulingAlgorithm(state, pod)
	if !st.IsSuccess() {
		s.handleSchedulingFailure(qp, st, result)
		return
	}
	assumed, err := s.cache.AssumePod(pod, result.host)
	if err != nil {
		s.handleSchedulingFailure(qp, framework.AsStatus(err), scheduleResult{clearNomination: true})
		return
	}
	s.nominator.delete(pod.Key)
	s.preBindAndBind(qp, assumed, result.host)
}

// schedulingAlgorithm filters and scores, and runs PostFilter (preemption)
// when no node fits (schedule_one.go, schedulingAlgorithm and schedulePod).
func (s *Scheduler) schedulingAlgorithm(state *framework.CycleState, pod *framework.PodInfo) (scheduleResult, *framework.Status) {
	all := s.cache.NodeInfos()
	if len(all) == 0 {
		s.traceFilter(pod, filterReport{numAll: 0, err: ErrNoNodesAvailable})
		return scheduleResult{clearNomination: true}, framework.NewStatus(framework.UnschedulableAndUnresolvable).WithError(ErrNoNodesAvailable)
	}
	feasible, diag, report, err := s.findNodesThatFitPod(state, pod, all)
	s.stats.NodesEvaluated += report.evaluated
	if err != nil {
		report.err = err
		s.traceFilter(pod, report)
		return scheduleResult{clearNomination: true}, framework.AsStatus(err)
	}
	if len(feasible) == 0 {
		fe := &framework.FitError{Pod: pod, NumAllNodes: len(all), Diagnosis: diag}
		report.fitError = fe.Error()
		s.traceFilter(pod, report)
		return s.postFilter(state, pod, fe)
	}
	s.traceFilter(pod, report)
	result := scheduleResult{evaluated: report.evaluated, feasible: len(feasible)}
	if len(feasible) == 1 {
		result.host = feasible[0].Name
		s.traceSingleNode(pod, result.host)
		return result, nil
	}
	host, st := s.prioritizeAndSelect(state, pod, feasible)
	if !st.IsSuccess() {
		return scheduleResult{clearNomination: true}, st
	}
	result.host = host
	return result, nil
}

// postFilter runs preemption for a Pod no node fits and returns the
// FitError with preemption's message appended.
func (s *Scheduler) postFilter(state *framework.CycleState, pod *framework.PodInfo, fe *framework.FitError) (scheduleResult, *framework.Status) {
	result := scheduleResult{clearNomination: true}
	if !s.fwk.HasPostFilterPlugins() {
		return result, framework.NewStatus(framework.Unschedulable).WithError(fe)
	}
	pf, st := s.fwk.RunPostFilterPlugins(state, pod, fe.Diagnosis.NodeToStatus)
	fe.Diagnosis.PostFilterMsg = st.Message()
	result.clearNomination = false
	if pf != nil {
		if pf.NominatedNodeName != "" {
			result.nominated = pf.NominatedNodeName
			s.stats.Preemptions++
		} else {
			result.clearNomination = true
		}
	}
	return result, framework.NewStatus(framework.Unschedulable).WithError(fe)
}

// fitError returns the FitError inside a status, if any.
func fitError(st *framework.Status) (*framework.FitError, bool) {
	return errors.AsType[*framework.FitError](st.Err())
}

// errorf formats an internal error status.
func errorf(format string, args ...any) *framework.Status {
	return framework.AsStatus(fmt.Errorf(format, args...))
}
