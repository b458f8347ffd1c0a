package podautoscaler

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// status is the HPA status a sync computes (horizontal.go,
// setCurrentReplicasAndMetricsInStatus and setCondition).
type status struct {
	old              *object.Object
	current, desired int32
	metric           *recommendation
	lastScale        string
	conditions       []any
}

func newStatus(hpa *object.Object) *status {
	st := &status{old: hpa, current: int32(hpa.GetInt(".status.currentReplicas", 0)), desired: int32(hpa.GetInt(".status.desiredReplicas", 0))}
	st.lastScale = hpa.GetString(".status.lastScaleTime")
	return st
}

// condition sets a condition, keeping its lastTransitionTime when the
// status did not change.
func (st *status) condition(typ, status, reason, message string) {
	c := map[string]any{"type": typ, "status": status, "reason": reason, "message": message}
	if old := st.old.GetString(".status.conditions[type=" + typ + "].status"); old == status {
		c["lastTransitionTime"] = st.old.GetString(".status.conditions[type=" + typ + "].lastTransitionTime")
	}
	for i, x := range st.conditions {
		if x.(map[string]any)["type"] == typ {
			st.conditions[i] = c
			return
		}
	}
	st.conditions = append(st.conditions, c)
}

// writeStatus updates the HPA's status when it changed
// (updateStatusIfNeeded).
func (c *Controller) writeStatus(hpa *object.Object, st *status) {
	now := c.env.Loop.Now().RFC3339()
	for _, x := range st.conditions {
		if m := x.(map[string]any); m["lastTransitionTime"] == nil || m["lastTransitionTime"] == "" {
			m["lastTransitionTime"] = now
		}
	}
	s := map[string]any{"currentReplicas": int64(st.current), "desiredReplicas": int64(st.desired), "conditions": st.conditions}
	if st.lastScale != "" {
		s["lastScaleTime"] = st.lastScale
	}
	if m := st.metric; m != nil {
		s["currentMetrics"] = []any{map[string]any{"type": "Resource", "resource": map[string]any{"name": "cpu",
			"current": map[string]any{"averageUtilization": m.utilization,
				"averageValue": object.NewMilliQuantity(m.averageUsage, object.DecimalSI).String()}}}}
	}
	if v, err := object.Normalize(s); err == nil {
		if old, ok := hpa.Content["status"]; ok && object.EqualValues(old, v) {
			return
		}
		s, _ = v.(map[string]any)
	}
	// s is built above for this write alone.
	_ = controller.SendStatusUpdate(c.client, c.hpaKind, hpa, s, api.WriteOptions{})
}
