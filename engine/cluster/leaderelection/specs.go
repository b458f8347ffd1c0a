package leaderelection

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// specs builds the Lease specs a LeaseLock sends. Renewals of one leader
// send the same spec again but for its renewTime, so specs keeps the spec
// of the record last built and clones it: a clone copies the small map's
// entries at once, where building the spec again hashes and inserts
// every field and boxes its strings anew (about 500 instructions more a
// renewal). The values the clone shares with that spec are immutable
// (boxed strings and numbers), so the clone is the request's own.
type specs struct {
	rec  Record         // the record last is the spec of, renewTime aside
	last map[string]any // never sent itself: only its clones are
}

// of returns the spec of r (Record.spec) for a request to own.
func (p *specs) of(r Record) map[string]any {
	if p.last == nil || !p.rec.sameSpecButRenewal(r) {
		p.rec, p.last = r, r.spec()
		return maps.Clone(p.last)
	}
	s := maps.Clone(p.last)
	s["renewTime"] = object.FormatMicroTime(r.RenewTime)
	return s
}
