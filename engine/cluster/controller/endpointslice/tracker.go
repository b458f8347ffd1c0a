package endpointslice

import "github.com/loopbook/loopbook/engine/cluster/object"

// deletionExpected marks a slice the controller deleted.
const deletionExpected = -1

// tracker is EndpointSliceTracker (k8s.io/endpointslice/util
// endpointslice_tracker.go): for each Service, the generation of every
// slice the controller last wrote, so that it can tell its own writes
// from others' and notice a cache that has not caught up with them.
type tracker struct {
	byService map[string]map[string]int64 // service key -> slice UID -> generation
}

func newTracker() *tracker { return &tracker{byService: map[string]map[string]int64{}} }

func serviceKeyOf(o *object.Object) string {
	return o.Meta.Namespace + "/" + o.Meta.Labels[LabelServiceName]
}

// has reports whether the slice is tracked.
func (t *tracker) has(o *object.Object) bool {
	_, ok := t.byService[serviceKeyOf(o)][o.Meta.UID]
	return ok
}

// shouldSync reports whether a slice event is news to the controller: a
// slice it does not track, or a generation newer than it wrote.
func (t *tracker) shouldSync(o *object.Object) bool {
	g, ok := t.byService[serviceKeyOf(o)]
	if !ok {
		return true
	}
	gen, ok := g[o.Meta.UID]
	return !ok || o.Meta.Generation > gen
}

// stale reports whether the cached slices of a Service lag behind the
// controller's writes: a slice it expects deleted is still there, one is
// older than it wrote, or one it wrote is missing.
func (t *tracker) stale(service string, slices []*object.Object) bool {
	g, ok := t.byService[service]
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, s := range slices {
		seen[s.Meta.UID] = true
		if gen, ok := g[s.Meta.UID]; ok && (gen == deletionExpected || gen > s.Meta.Generation) {
			return true
		}
	}
	for uid, gen := range g {
		if gen != deletionExpected && !seen[uid] {
			return true
		}
	}
	return false
}

// update records a slice the controller wrote.
func (t *tracker) update(o *object.Object) { t.set(o, o.Meta.Generation) }

// expectDeletion records a slice the controller deleted.
func (t *tracker) expectDeletion(o *object.Object) { t.set(o, deletionExpected) }

func (t *tracker) set(o *object.Object, gen int64) {
	k := serviceKeyOf(o)
	g, ok := t.byService[k]
	if !ok {
		g = map[string]int64{}
		t.byService[k] = g
	}
	g[o.Meta.UID] = gen
}

// handleDeletion forgets a deleted slice and reports whether the
// controller expected the deletion.
func (t *tracker) handleDeletion(o *object.Object) bool {
	g, ok := t.byService[serviceKeyOf(o)]
	if !ok {
		return true
	}
	gen, ok := g[o.Meta.UID]
	delete(g, o.Meta.UID)
	return !ok || gen == deletionExpected
}

// deleteService forgets a Service.
func (t *tracker) deleteService(key string) { delete(t.byService, key) }
