package gateway

import "github.com/loopbook/loopbook/engine/cluster/sim"

// Condition types and reasons of Gateway API (sigs.k8s.io/gateway-api
// apis/v1: gatewayclass_types.go GatewayClassConditionStatusAccepted,
// gateway_types.go GatewayConditionAccepted/Programmed and the listener
// conditions, shared_types.go RouteConditionAccepted/ResolvedRefs).
const (
	condAccepted     = "Accepted"
	condProgrammed   = "Programmed"
	condResolvedRefs = "ResolvedRefs"

	reasonAccepted                   = "Accepted"
	reasonProgrammed                 = "Programmed"
	reasonResolvedRefs               = "ResolvedRefs"
	reasonNotAllowedByListeners      = "NotAllowedByListeners"
	reasonNoMatchingListenerHostname = "NoMatchingListenerHostname"
	reasonNoMatchingParent           = "NoMatchingParent"
	reasonBackendNotFound            = "BackendNotFound"
	reasonInvalidKind                = "InvalidKind"
	reasonRefNotPermitted            = "RefNotPermitted"
)

// cond is one metav1.Condition. lastTransitionTime stays that of the
// same condition in old while its status is unchanged (as
// meta.SetStatusCondition keeps it).
func cond(now sim.Time, old []any, typ string, ok bool, reason, msg string, gen int64) map[string]any {
	status := "False"
	if ok {
		status = "True"
	}
	since := now.RFC3339()
	for _, o := range old {
		if m, _ := o.(map[string]any); m["type"] == typ && m["status"] == status {
			if s, isStr := m["lastTransitionTime"].(string); isStr {
				since = s
			}
		}
	}
	return map[string]any{"type": typ, "status": status, "reason": reason, "message": msg,
		"lastTransitionTime": since, "observedGeneration": gen}
}
