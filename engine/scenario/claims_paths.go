package scenario

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
)

// pathTypoDistance is how far a field name may be from one an object has
// for a claim's path to be taken for a misspelling of it: two edits, so
// that a field Kubernetes omits (a zero .status.readyReplicas) is not
// "corrected" to a different field that happens to be present.
const pathTypoDistance = 2

// nearestPath returns the path o has that p most likely meant, for a
// claim whose path o does not have: at the first field of p that o lacks,
// the sibling nearest in spelling, kept only when the whole corrected path
// is in o. It reports false when there is no such path.
func nearestPath(o *object.Object, p object.Path) (object.Path, bool) {
	root := o.ToMap()
	var cur any = root
	for i, st := range p {
		if next, ok := (object.Path{st}).Get(cur); ok {
			cur = next
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok || st.Kind != object.StepField {
			return nil, false
		}
		near := diag.NearestWithin(st.Name, slices.Sorted(maps.Keys(m)), pathTypoDistance)
		if near == "" {
			return nil, false
		}
		q := slices.Clone(p)
		q[i].Name = near
		if _, ok := q.Get(root); !ok {
			return nil, false
		}
		return q, true
	}
	return nil, false
}

// pathHint is the evidence line for a claim path that o lacks while it
// has one spelt nearly the same: `pod demo/web has no .status.phaze (an
// empty field is left out); did you mean .status.phase?`. The note in
// brackets is for the path that is right but absent, as Kubernetes leaves
// out a zero .status.unavailableReplicas beside .status.availableReplicas.
// It is "" when o has the path or none is near.
func pathHint(what string, o *object.Object, p object.Path, text string) string {
	if _, ok := o.GetPath(p); ok {
		return ""
	}
	q, ok := nearestPath(o, p)
	if !ok {
		return ""
	}
	return what + " has no " + text + " (an empty field is left out); did you mean " + q.String() + "?"
}
