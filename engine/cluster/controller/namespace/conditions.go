package namespace

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The conditions the deleter keeps on a terminating namespace, in the
// order it writes them, with the reason and message each has when nothing
// is wrong (Status False) (deletion/status_condition_utils.go; the type
// names are k8s.io/api/core/v1's).
var conditionTypes = []struct{ typ, okReason, okMessage string }{
	{"NamespaceDeletionDiscoveryFailure", "ResourcesDiscovered", "All resources successfully discovered"},
	{"NamespaceDeletionGroupVersionParsingFailure", "ParsedGroupVersions", "All legacy kube types successfully parsed"},
	{"NamespaceDeletionContentFailure", "ContentDeleted", "All content successfully deleted, may be waiting on finalization"},
	{"NamespaceContentRemaining", "ContentRemoved", "All content successfully removed"},
	{"NamespaceFinalizersRemaining", "ContentHasNoFinalizers", "All content-preserving finalizers finished"},
}

// condition is one namespace condition being computed.
type condition struct{ typ, status, reason, message string }

// totals is allGVRDeletionMetadata: what remains, per resource and per
// finalizer.
type totals struct {
	byResource  map[*object.KindInfo]int
	byFinalizer map[string]int
}

func (t totals) add(k *object.KindInfo, r remaining) {
	t.byResource[k] += r.count
	for f, n := range r.finalizers {
		t.byFinalizer[f] += n
	}
}

// conditionUpdater turns a pass's outcome into conditions
// (namespaceConditionUpdater). Discovery and group-version parsing cannot
// fail in the model, so those two conditions are always False.
type conditionUpdater struct {
	now               time.Time
	failing           []condition
	deleteContentErrs []error
}

// contentTotals adds NamespaceContentRemaining and
// NamespaceFinalizersRemaining when something remains (ProcessContentTotals).
func (u *conditionUpdater) contentTotals(t totals) {
	var res []string
	for k, n := range t.byResource {
		if n > 0 {
			res = append(res, fmt.Sprintf("%s.%s has %d resource instances", k.Resource, k.Group, n))
		}
	}
	if len(res) > 0 {
		slices.Sort(res)
		u.failing = append(u.failing, condition{"NamespaceContentRemaining", "True", "SomeResourcesRemain",
			"Some resources are remaining: " + strings.Join(res, ", ")})
	}
	var fins []string
	for f, n := range t.byFinalizer {
		if n > 0 {
			fins = append(fins, fmt.Sprintf("%s in %d resource instances", f, n))
		}
	}
	if len(fins) > 0 {
		slices.Sort(fins)
		u.failing = append(u.failing, condition{"NamespaceFinalizersRemaining", "True", "SomeFinalizersRemain",
			"Some content in the namespace has finalizers remaining: " + strings.Join(fins, ", ")})
	}
}

// update sets the five conditions on ns's status and reports whether any
// changed (Update and updateConditions). A condition keeps its
// lastTransitionTime unless its status changes.
func (u *conditionUpdater) update(ns *object.Object) bool {
	if len(u.deleteContentErrs) > 0 {
		msgs := make([]string, len(u.deleteContentErrs))
		for i, e := range u.deleteContentErrs {
			msgs[i] = e.Error()
		}
		slices.Sort(msgs)
		u.failing = append(u.failing, condition{"NamespaceDeletionContentFailure", "True", "ContentDeletionFailed",
			fmt.Sprintf("Failed to delete all resource types, %d remaining: %v", len(msgs), strings.Join(msgs, ", "))})
	}
	status := ns.EnsureMap("status")
	conds, _ := status["conditions"].([]any)
	changed := false
	now := object.FormatTime(u.now)
	for _, ct := range conditionTypes {
		want := condition{ct.typ, "False", ct.okReason, ct.okMessage}
		for _, f := range u.failing {
			if f.typ == ct.typ {
				want = f
				break
			}
		}
		var old map[string]any
		for _, c := range conds {
			if m, ok := c.(map[string]any); ok && m["type"] == ct.typ {
				old = m
				break
			}
		}
		switch {
		case old == nil:
			conds = append(conds, map[string]any{"type": want.typ, "status": want.status,
				"lastTransitionTime": now, "reason": want.reason, "message": want.message})
			changed = true
		case old["status"] != want.status || old["reason"] != want.reason || old["message"] != want.message:
			if old["status"] != want.status {
				old["lastTransitionTime"] = now
			}
			old["status"], old["reason"], old["message"] = want.status, want.reason, want.message
			changed = true
		}
	}
	status["conditions"] = conds
	return changed
}
