package replicaset

import (
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The Pod phases (k8s.io/api/core/v1/types.go).
const (
	podPending   = "Pending"
	podRunning   = "Running"
	podUnknown   = "Unknown"
	podSucceeded = "Succeeded"
	podFailed    = "Failed"
)

// podDeletionCostAnnotation is v1.PodDeletionCost
// (k8s.io/api/core/v1/annotation_key_constants.go); the PodDeletionCost
// feature is beta and on by default since v1.22.
const podDeletionCostAnnotation = "controller.kubernetes.io/pod-deletion-cost"

func podPhase(p *object.Object) string {
	s, _ := object.MapAt(p.Content, "status")["phase"].(string)
	return s
}

func podNodeName(p *object.Object) string {
	s, _ := object.MapAt(p.Content, "spec")["nodeName"].(string)
	return s
}

// podReady returns whether the Pod is ready and since when (the Ready
// condition's lastTransitionTime).
func podReady(p *object.Object) (bool, time.Time) {
	c := object.StatusCondition(p.Status(), "Ready")
	if c == nil || c["status"] != "True" {
		return false, time.Time{}
	}
	return true, parseTime(c["lastTransitionTime"])
}

// isPodActive is controller.IsPodActive: not Succeeded, not Failed, not
// being deleted.
func isPodActive(p *object.Object) bool {
	ph := podPhase(p)
	return ph != podSucceeded && ph != podFailed && p.Meta.DeletionTimestamp == nil
}

// maxContainerRestarts is controller_utils.go's: the highest restart count
// of a regular container, and of a sidecar (an init container with
// restartPolicy Always).
func maxContainerRestarts(p *object.Object) (regular, sidecar int64) {
	st := object.MapAt(p.Content, "status")
	statuses, _ := st["containerStatuses"].([]any)
	for _, c := range statuses {
		regular = max(regular, intAt(asMap(c), "restartCount"))
	}
	sidecars := map[string]bool{}
	inits, _ := object.MapAt(p.Content, "spec")["initContainers"].([]any)
	for _, c := range inits {
		if m := asMap(c); m["restartPolicy"] == "Always" {
			name, _ := m["name"].(string)
			sidecars[name] = true
		}
	}
	initStatuses, _ := st["initContainerStatuses"].([]any)
	for _, c := range initStatuses {
		m := asMap(c)
		if name, _ := m["name"].(string); sidecars[name] {
			sidecar = max(sidecar, intAt(m, "restartCount"))
		}
	}
	return regular, sidecar
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// podDeletionCost is helper.GetDeletionCostFromPodAnnotations
// (pkg/apis/core/helper/helpers.go): an int32, 0 when absent or invalid
// ("+10" and "008" are invalid).
func podDeletionCost(p *object.Object) int32 {
	v, ok := p.Meta.Annotations[podDeletionCostAnnotation]
	if !ok || v == "" {
		return 0
	}
	if !(v[0] == '-' || v == "0" || (v[0] >= '1' && v[0] <= '9')) {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0
	}
	return int32(n)
}

// podKey is controller.PodKey: "namespace/name".
func podKey(p *object.Object) string { return p.Meta.Namespace + "/" + p.Meta.Name }
