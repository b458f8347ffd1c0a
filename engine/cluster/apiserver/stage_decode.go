package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// runDecode is the decode gate: the body is decoded into the resource's
// type and defaulted (see decode.go); for patches, the patch is applied
// to the stored object first.
func runDecode(r *request) *api.Status {
	st := r.op.decode(r)
	detail := ""
	if st == nil && len(r.warnings) > 0 {
		detail = r.warnings[0]
	}
	r.gate(trace.Decode, 0, st, detail)
	if st == nil {
		r.auditRequestObject()
	}
	return st
}
