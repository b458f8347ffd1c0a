package job

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// reasonPodFailurePolicy is batch.JobReasonPodFailurePolicy: the reason
// of the FailureTarget and Failed conditions a FailJob rule sets.
const reasonPodFailurePolicy = "PodFailurePolicy"

// policyMatch is what matchPodFailurePolicy says of a failed Pod: the
// action of the first rule it matches ("" for none), whether the failure
// counts towards backoffLimit (all but Ignore), and for FailJob the
// message the Job fails with.
type policyMatch struct {
	action  string
	counts  bool
	failJob string
}

// matchFailurePolicy is matchPodFailurePolicy
// (pkg/controller/job/pod_failure_policy.go): the spec's rules in order,
// each matching on the exit code of a terminated container (regular ones
// first, then init containers) or on a Pod condition.
func matchFailurePolicy(spec map[string]any, p *object.Object) policyMatch {
	rules := object.ListAt(spec, "podFailurePolicy", "rules")
	st := p.Status()
	for i, r := range rules {
		rule := object.AsMap(r)
		action := object.StringAt(rule, "action")
		var failJob string
		if req := object.MapAt(rule, "onExitCodes"); req != nil {
			c := matchOnExitCodes(st, req)
			if c == nil {
				continue
			}
			failJob = fmt.Sprintf("Container %s for pod %s/%s failed with exit code %d matching %s rule at index %d",
				object.StringAt(c, "name"), p.Meta.Namespace, p.Meta.Name, exitCode(c), action, i)
		} else if patterns := object.ListAt(rule, "onPodConditions"); len(patterns) > 0 {
			typ, ok := matchOnPodConditions(st, patterns)
			if !ok {
				continue
			}
			failJob = fmt.Sprintf("Pod %s/%s has condition %s matching %s rule at index %d", p.Meta.Namespace, p.Meta.Name, typ, action, i)
		} else {
			continue
		}
		switch action {
		case "Ignore":
			return policyMatch{action: action}
		case "FailJob":
			return policyMatch{action: action, counts: true, failJob: failJob}
		case "Count", "FailIndex":
			return policyMatch{action: action, counts: true}
		}
	}
	return policyMatch{counts: true}
}

// matchOnExitCodes is matchOnExitCodes: the first terminated container,
// of the named one if the requirement names one, whose non-zero exit code
// the operator accepts.
func matchOnExitCodes(st, req map[string]any) map[string]any {
	name, named := req["containerName"].(string)
	var values []int64
	for _, v := range object.ListAt(req, "values") {
		n, _ := object.Int(v)
		values = append(values, n)
	}
	for _, list := range []string{"containerStatuses", "initContainerStatuses"} {
		for _, e := range object.ListAt(st, list) {
			c := object.AsMap(e)
			if object.MapAt(c, "state", "terminated") == nil || (named && object.StringAt(c, "name") != name) {
				continue
			}
			code := exitCode(c)
			if code == 0 {
				continue
			}
			switch object.StringAt(req, "operator") {
			case "In":
				if slices.Contains(values, code) {
					return c
				}
			case "NotIn":
				if !slices.Contains(values, code) {
					return c
				}
			}
		}
	}
	return nil
}

// exitCode is a terminated container's exit code.
func exitCode(c map[string]any) int64 {
	n, _ := object.Int(object.MapAt(c, "state", "terminated")["exitCode"])
	return n
}

// matchOnPodConditions is matchOnPodConditions: the type of the Pod's
// first condition that a pattern matches by type and status.
func matchOnPodConditions(st map[string]any, patterns []any) (string, bool) {
	for _, e := range object.ListAt(st, "conditions") {
		c := object.AsMap(e)
		for _, p := range patterns {
			pm := object.AsMap(p)
			if c["type"] == pm["type"] && c["status"] == pm["status"] {
				return object.StringAt(c, "type"), true
			}
		}
	}
	return "", false
}

// hasFailurePolicy reports whether the Job's spec has a podFailurePolicy.
func hasFailurePolicy(spec map[string]any) bool {
	_, ok := spec["podFailurePolicy"]
	return ok
}

// countedFailures is nonIgnoredFailedPodsCount: the failed Pods whose
// failure counts, all of them without a podFailurePolicy.
func countedFailures(spec map[string]any, failed []*object.Object) int {
	if !hasFailurePolicy(spec) {
		return len(failed)
	}
	n := 0
	for _, p := range failed {
		if matchFailurePolicy(spec, p).counts {
			n++
		}
	}
	return n
}

// failJobMessage is getFailJobMessage: the message of the first failed
// Pod that matches a FailJob rule.
func failJobMessage(spec map[string]any, pods []*object.Object) (string, bool) {
	if !hasFailurePolicy(spec) {
		return "", false
	}
	for _, p := range pods {
		if podFailed(p, spec) {
			if m := matchFailurePolicy(spec, p); m.failJob != "" {
				return m.failJob, true
			}
		}
	}
	return "", false
}
