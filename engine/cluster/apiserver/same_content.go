package apiserver

import "github.com/loopbook/loopbook/engine/cluster/object"

// diffHint is where the content of the last update that changed an object
// differed: the field sub of the top-level map top. Updates come in runs
// that change one field, a Lease's spec.renewTime above all, so looking
// there first mostly finds a difference with four lookups, where the full
// comparison ranges over both levels' maps.
type diffHint struct{ top, sub string }

// sameObject is sameObject(a, b), with the content compared at the hint
// first, and the hint moved to where a full comparison finds a
// difference.
func (p *Plane) sameObject(a, b *object.Object) bool {
	if a.APIVersion != b.APIVersion || a.Kind != b.Kind || !metaEqual(&a.Meta, &b.Meta) {
		return false
	}
	if h := p.hint; h.top != "" && differsAt(a.Content, b.Content, h) {
		return false
	}
	same, at := equalContent(a.Content, b.Content)
	if !same && at.top != "" {
		p.hint = at
	}
	return same
}

// differsAt reports whether a and b differ at h: both have a map at
// h.top, and those maps differ at h.sub. False says nothing.
func differsAt(a, b map[string]any, h diffHint) bool {
	am, _ := a[h.top].(map[string]any)
	bm, _ := b[h.top].(map[string]any)
	if am == nil || bm == nil {
		return false
	}
	av, aok := am[h.sub]
	bv, bok := bm[h.sub]
	return aok != bok || aok && !object.EqualValues(av, bv)
}

// equalContent is object.EqualValues(a, b), and for contents that differ
// in a field of a top-level map that both have with as many fields, where
// (else the zero diffHint).
func equalContent(a, b map[string]any) (same bool, at diffHint) {
	if len(a) != len(b) {
		return false, at
	}
	if object.SameMap(a, b) {
		return true, at
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok {
			return false, at
		}
		am, aIsMap := av.(map[string]any)
		bm, bIsMap := bv.(map[string]any)
		if !aIsMap || !bIsMap || len(am) != len(bm) || object.SameMap(am, bm) {
			if !object.EqualValues(av, bv) {
				return false, at
			}
			continue
		}
		for k2, av2 := range am {
			bv2, ok := bm[k2]
			if !ok || !object.EqualValues(av2, bv2) {
				return false, diffHint{k, k2}
			}
		}
	}
	return true, at
}
