package nodelifecycle

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Taint keys and effects (k8s.io/api/core/v1 well_known_taints.go).
const (
	TaintUnreachable   = "node.kubernetes.io/unreachable"
	TaintNotReady      = "node.kubernetes.io/not-ready"
	TaintUnschedulable = "node.kubernetes.io/unschedulable"
	NoSchedule         = "NoSchedule"
	NoExecute          = "NoExecute"
)

// taint is a taint as the controller matches it: by key and effect
// (v1.Taint.MatchTaint).
type taint struct{ key, effect string }

// The NoExecute taints that mirror the Ready condition
// (UnreachableTaintTemplate, NotReadyTaintTemplate).
var (
	unreachableNoExecute = taint{TaintUnreachable, NoExecute}
	notReadyNoExecute    = taint{TaintNotReady, NoExecute}
)

// taintsOf lists a Node's spec.taints.
func taintsOf(node *object.Object) []map[string]any {
	var out []map[string]any
	for _, t := range listOf(node.Spec()["taints"]) {
		if m, ok := t.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func matches(m map[string]any, t taint) bool { return m["key"] == t.key && m["effect"] == t.effect }

// taintExists is taintutils.TaintExists.
// It walks the taints in place: every pass asks it of every Ready Node,
// which rarely has a taint.
func taintExists(node *object.Object, t taint) bool {
	for _, v := range listOf(node.Spec()["taints"]) {
		if m, ok := v.(map[string]any); ok && matches(m, t) {
			return true
		}
	}
	return false
}

// updateTaintSteps is how often a taint change is tried on conflicts
// (pkg/controller/controller_utils.go, UpdateTaintBackoff: Steps 5; the
// model retries without waiting).
const updateTaintSteps = 5

// swapTaints adds taints (with timeAdded now) and then removes others, as
// controllerutil.SwapNodeControllerTaint does; it reports success.
func (c *Controller) swapTaints(add, remove []taint, node *object.Object) bool {
	if err := c.addTaints(node.Meta.Name, add); err != nil {
		return false
	}
	return c.removeTaints(node, remove) == nil
}

// addTaints is controller.AddOrUpdateTaintOnNode: read the Node (first
// from the API server's cache, resourceVersion "0", then from storage),
// replace or append each taint, and patch spec.taints with the read
// resourceVersion as precondition; a conflict starts over.
func (c *Controller) addTaints(name string, add []taint) error {
	if len(add) == 0 {
		return nil
	}
	ts := c.loop.Now().RFC3339()
	return c.retryOnConflict(name, func(taints []any) ([]any, bool) {
		updated := false
		for _, t := range add {
			nt := map[string]any{"key": t.key, "effect": t.effect, "timeAdded": ts}
			var out []any
			replaced, same := false, false
			for _, old := range taints {
				m, _ := old.(map[string]any)
				if matches(m, t) {
					if object.EqualValues(m, nt) {
						same = true
						break
					}
					out = append(out, nt)
					replaced = true
					continue
				}
				out = append(out, old)
			}
			if same {
				continue
			}
			if !replaced {
				out = append(out, nt)
			}
			taints, updated = out, true
		}
		return taints, updated
	})
}

// removeTaints is controller.RemoveTaintOffNode: nothing is sent when the
// cached node has none of the taints.
func (c *Controller) removeTaints(node *object.Object, remove []taint) error {
	if len(remove) == 0 {
		return nil
	}
	has := false
	for _, t := range remove {
		has = has || taintExists(node, t)
	}
	if !has {
		return nil
	}
	return c.retryOnConflict(node.Meta.Name, func(taints []any) ([]any, bool) {
		updated := false
		for _, t := range remove {
			var out []any
			for _, old := range taints {
				if m, _ := old.(map[string]any); matches(m, t) {
					updated = true
					continue
				}
				out = append(out, old)
			}
			taints = out
		}
		return taints, updated
	})
}

// retryOnConflict reads the Node, lets change compute its new taints and
// patches them (PatchNodeTaints: a strategic merge patch of spec.taints
// carrying metadata.resourceVersion), again on a 409 Conflict.
func (c *Controller) retryOnConflict(name string, change func(taints []any) ([]any, bool)) error {
	var err error
	for step := range updateTaintSteps {
		req := client.GetRequest(c.kinds.node, "", name)
		if step == 0 {
			req.List.ResourceVersion = "0"
		}
		resp := c.client.Do(req, nil)
		if err = resp.Err(); err != nil {
			return err
		}
		old := resp.Object
		taints, updated := change(listOf(old.Spec()["taints"]))
		if !updated {
			return nil
		}
		var value any
		if len(taints) > 0 {
			value = taints
		}
		patch := map[string]any{"metadata": map[string]any{"resourceVersion": old.Meta.ResourceVersion},
			"spec": map[string]any{"taints": value}}
		err = c.client.Do(client.PatchRequest(c.kinds.node, "", name, api.StrategicMergePatch, patch, api.WriteOptions{}), nil).Err()
		if !api.IsReason(err, api.ReasonConflict) {
			return err
		}
	}
	return err
}
