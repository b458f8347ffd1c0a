package job

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Finished is util.IsJobFinished: the Job has Complete or Failed True
// (the TTL-after-finished controller asks it too).
func Finished(job *object.Object) bool {
	return hasCondition(job, condComplete) || hasCondition(job, condFailed)
}

// ControllerName is batch.JobControllerName: the spec.managedBy of a Job
// this controller syncs (the default when unset).
const ControllerName = "kubernetes.io/job-controller"

// managedByOther is managedByExternalController (JobManagedBy, GA):
// another controller, named by spec.managedBy, syncs the Job.
func managedByOther(job *object.Object) bool {
	mb, ok := job.Spec()["managedBy"].(string)
	return ok && mb != ControllerName
}

// suspended reports spec.suspend.
func suspended(job *object.Object) bool {
	s, _ := job.Spec()["suspend"].(bool)
	return s
}

// onlyReplaceFailedPods is onlyReplaceFailedPods: podReplacementPolicy
// Failed (the default with a podFailurePolicy).
func onlyReplaceFailedPods(spec map[string]any) bool {
	return spec["podReplacementPolicy"] == "Failed"
}

// hasCondition reports whether the Job has a condition of type typ with
// status True.
func hasCondition(job *object.Object, typ string) bool { return findCondition(job, typ) != nil }

// findCondition returns the Job's condition of type typ if its status is
// True.
func findCondition(job *object.Object, typ string) map[string]any {
	c := object.StatusCondition(job.Status(), typ)
	if c == nil || c["status"] != "True" {
		return nil
	}
	return c
}

// startTime is .status.startTime.
func startTime(status map[string]any) time.Time {
	t, _ := time.Parse(time.RFC3339, object.StringAt(status, "startTime"))
	return t
}

func phase(p *object.Object) string { return object.StringAt(p.Status(), "phase") }

// podFailed is isPodFailed: phase Failed or, unless only failed Pods are
// replaced, being deleted before it succeeded.
func podFailed(p *object.Object, spec map[string]any) bool {
	ph := phase(p)
	if ph == "Failed" {
		return true
	}
	if onlyReplaceFailedPods(spec) {
		return false
	}
	return p.Meta.DeletionTimestamp != nil && ph != "Succeeded"
}

// phaseOrdinal is podPhaseToOrdinal: Pending < Unknown < Running.
func phaseOrdinal(ph string) int {
	switch ph {
	case "Unknown":
		return 1
	case "Running":
		return 2
	}
	return 0
}

// readySince is when the Pod's Ready condition last turned True.
func readySince(v object.PodView) time.Time {
	c, _ := v.Condition("Ready")
	return c.LastTransitionTime
}

// maxRestarts is the highest restart count of the Pod's containers.
func maxRestarts(v object.PodView) int64 {
	var n int64
	for _, c := range v.ContainerStatuses {
		n = max(n, c.RestartCount)
	}
	return n
}

func hasKey(m map[string]any, k string) bool {
	_, ok := m[k]
	return ok
}

// setCount sets a count, leaving out a zero as the omitempty field does.
func setCount(m map[string]any, k string, n int64) {
	if n == 0 {
		delete(m, k)
		return
	}
	m[k] = n
}

// setString sets a string, leaving out an empty one as omitempty does.
func setString(m map[string]any, k, v string) {
	if v == "" {
		delete(m, k)
		return
	}
	m[k] = v
}

// intOf reads a tree integer; 0 when absent.
func intOf(v any) int64 {
	n, _ := object.Int(v)
	return n
}
