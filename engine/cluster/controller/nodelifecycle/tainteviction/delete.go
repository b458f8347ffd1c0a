package tainteviction

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/internal/record"
)

// DisruptionTarget condition the controller sets before deleting
// (addConditionAndDeletePod).
const (
	reasonDeletionByTaintManager = "DeletionByTaintManager"
	messageDeletionByTaint       = "Taint manager: deleting due to NoExecute taint"
)

// deletePod is deletePodHandler: the Event "Marking for deletion Pod
// NS/NAME", then up to five attempts to add the DisruptionTarget condition
// through pods/status and delete the Pod (the source waits 10 ms between
// attempts; the model does not).
func (c *Controller) deletePod(ns, name string) {
	c.emit(ns, name, "Marking for deletion Pod %s/%s")
	for range retries {
		if c.addConditionAndDelete(ns, name) == nil {
			return
		}
	}
}

// addConditionAndDelete reads the Pod, patches the DisruptionTarget
// condition into its status (with its UID as precondition, as
// utilpod.PatchPodStatus does) when it is not there yet, and deletes it
// with the default grace period.
func (c *Controller) addConditionAndDelete(ns, name string) error {
	pod, err := client.Shared(c.client.Do(client.GetRequest(c.pod, ns, name), nil))
	if err != nil {
		return err
	}
	if !hasDisruptionTarget(pod.Status()) {
		cond := map[string]any{"type": "DisruptionTarget", "status": "True",
			"reason": reasonDeletionByTaintManager, "message": messageDeletionByTaint,
			"lastTransitionTime": c.loop.Now().RFC3339()}
		if g := pod.Meta.Generation; g != 0 {
			cond["observedGeneration"] = g // PodObservedGenerationTracking, GA
		}
		patch := map[string]any{"metadata": map[string]any{"uid": pod.Meta.UID},
			"status": map[string]any{"conditions": []any{cond}}}
		if err := c.client.Do(client.PatchRequest(c.pod, ns, name, api.StrategicMergePatch, patch, api.WriteOptions{}, "status"), nil).Err(); err != nil {
			return fmt.Errorf("failed to patch status for pod %q/%q: %v", ns, name, err)
		}
	}
	return c.client.Do(client.DeleteRequest(c.pod, ns, name, api.DeleteOptions{}), nil).Err()
}

func hasDisruptionTarget(status map[string]any) bool {
	for _, c := range listOf(status["conditions"]) {
		m, _ := c.(map[string]any)
		if m["type"] == "DisruptionTarget" && m["status"] == "True" && m["reason"] == reasonDeletionByTaintManager &&
			m["message"] == messageDeletionByTaint {
			return true
		}
	}
	return false
}

// emit records a TaintManagerEviction Event about a Pod.
func (c *Controller) emit(ns, name, format string) {
	c.rec.Eventf(record.Ref{Kind: "Pod", Namespace: ns, Name: name}, record.Normal, "TaintManagerEviction", format, ns, name)
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}
