package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runPersist is the persist gate: the write to the store, a
// compare-and-swap on the stored revision. The operation records one
// PERSIST event per store write; a write the store refused is recorded
// here, with its failure, and leaves the store's revision unchanged.
func runPersist(r *request) *api.Status {
	st := r.op.persist(r)
	if st != nil {
		r.gate(trace.Persist, 0, st, "")
	}
	return st
}
