package admission

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The taints DefaultTolerationSeconds tolerates (v1.TaintNodeNotReady,
// v1.TaintNodeUnreachable in k8s.io/api/core/v1/well_known_taints.go) and
// how long: the --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds defaults
// (plugin/pkg/admission/defaulttolerationseconds/admission.go).
const (
	TaintNodeNotReady                = "node.kubernetes.io/not-ready"
	TaintNodeUnreachable             = "node.kubernetes.io/unreachable"
	DefaultNotReadyTolerationSecs    = 300
	DefaultUnreachableTolerationSecs = 300
)

// DefaultTolerationSeconds is plugin/pkg/admission/defaulttolerationseconds/
// admission.go: on Pod create and update (not subresources) it appends
// {key: node.kubernetes.io/not-ready, operator: Exists, effect: NoExecute,
// tolerationSeconds: 300}, then the same for node.kubernetes.io/unreachable,
// unless the Pod already tolerates that taint with NoExecute (a toleration
// with an empty key or an empty effect counts). It never rejects.
type DefaultTolerationSeconds struct{}

var _ Mutator = DefaultTolerationSeconds{}

// NewDefaultTolerationSeconds returns the plugin.
func NewDefaultTolerationSeconds() DefaultTolerationSeconds { return DefaultTolerationSeconds{} }

// Name is "DefaultTolerationSeconds".
func (DefaultTolerationSeconds) Name() string { return DefaultTolerationSecondsName }

// Handles is Scoped: Admit takes creates and updates of Pods; Validate
// does nothing.
func (DefaultTolerationSeconds) Handles(op api.Operation, group, resource, sub string) (admit, validate bool) {
	return (op == api.OpCreate || op == api.OpUpdate) && addresses(group, resource, sub, "", "pods"), false
}

// Admit adds the tolerations.
func (p DefaultTolerationSeconds) Admit(a *api.AdmissionAttributes) *api.Status {
	return p.AdmitChanges(a, &trace.Change{})
}

// AdmitChanges is Admit, reporting the tolerations it appended.
func (DefaultTolerationSeconds) AdmitChanges(a *api.AdmissionAttributes, ch *trace.Change) *api.Status {
	if a.Operation != api.OpCreate && a.Operation != api.OpUpdate {
		return nil
	}
	if !isCore(a, "pods") || a.Subresource != "" || a.Object == nil {
		return nil
	}
	if a.Object.Kind != "Pod" {
		return api.NewBadRequest("expected *api.Pod but got " + a.Object.Kind)
	}
	spec := a.Object.EnsureMap("spec")
	tolerations := listOf(spec["tolerations"])
	notReady, unreachable := false, false
	for _, t := range tolerations {
		tm := mapOf(t)
		key, effect := strOf(tm["key"]), strOf(tm["effect"])
		noExecute := effect == "NoExecute" || effect == ""
		notReady = notReady || (noExecute && (key == TaintNodeNotReady || key == ""))
		unreachable = unreachable || (noExecute && (key == TaintNodeUnreachable || key == ""))
	}
	had := len(tolerations)
	if !notReady {
		tolerations = append(tolerations, notReadyToleration)
	}
	if !unreachable {
		tolerations = append(tolerations, unreachableToleration)
	}
	if len(tolerations) == had {
		return nil
	}
	spec["tolerations"] = tolerations
	if had == 0 {
		ch.Set = append(ch.Set, ".spec.tolerations")
	} else {
		for i := had; i < len(tolerations); i++ {
			ch.Set = append(ch.Set, fieldPath("spec", "tolerations", i))
		}
	}
	return nil
}

// Validate does nothing: the plugin only admits.
func (DefaultTolerationSeconds) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// The two tolerations the plugin adds. They are the same for every Pod,
// so every Pod's list holds these very maps, which, like every stored
// value, nothing modifies: decoding defaults a toleration's fields only
// when missing (these have them all), and admission patches and updates
// write into copies (as with tokenVolumeSource).
var (
	notReadyToleration    = toleration(TaintNodeNotReady, DefaultNotReadyTolerationSecs)
	unreachableToleration = toleration(TaintNodeUnreachable, DefaultUnreachableTolerationSecs)
)

func toleration(key string, seconds int64) map[string]any {
	return map[string]any{"key": key, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": seconds}
}
