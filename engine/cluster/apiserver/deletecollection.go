package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func deleteCollectionOperation() *operation {
	return &operation{persist: persistDeleteCollection, respond: func(r *request) *api.Response {
		return &api.Response{Code: http.StatusOK, Items: r.collection}
	}}
}

// persistDeleteCollection deletes every object the selectors match, one
// by one, as the generic store's DeleteCollection does (it is not atomic:
// a failure stops it with the objects before deleted). Each object passes
// admission as a DELETE of its own. The answer lists the objects as they
// were when listed.
func persistDeleteCollection(r *request) *api.Status {
	pred, st := r.predicate()
	if st != nil {
		return st
	}
	if st := validateDeleteOptions(&r.req.Delete); st != nil {
		return st
	}
	r.warnOrphanByDefault()
	s := r.s.p.cfg.Store
	var kvs []store.KeyValue[*object.Object]
	end := store.PrefixEnd(pred.Prefix)
	if pred.Exact {
		end = ""
	}
	err := s.Scan(pred.Prefix, end, 0, func(kv store.KeyValue[*object.Object]) bool {
		if pred.Matches(kv.Key, kv.Value) {
			kvs = append(kvs, kv)
		}
		return true
	})
	if err != nil {
		return storeError(err, grOf(r.kind), "")
	}
	for _, kv := range kvs {
		r.collection = append(r.collection, kv.Value)
		if st := r.admitDelete(kv.Value); st != nil {
			return st
		}
		if _, st := r.deleteObject(r.kind, kv.Value, kv.ModRevision, r.req.Delete); st != nil && st.Reason != api.ReasonNotFound {
			return st
		}
	}
	r.change = nil
	return nil
}

// admitDelete runs both admission phases for one object of a collection
// delete.
func (r *request) admitDelete(o *object.Object) *api.Status {
	adm := r.s.p.cfg.Admission
	if adm == nil {
		return nil
	}
	info := r.info
	info.Name, info.Verb = o.Meta.Name, "delete"
	a := &api.AdmissionAttributes{Attributes: api.Attributes{User: r.user, RequestInfo: info}, Operation: api.OpDelete,
		Kind: r.kind, OldObject: o, DryRun: r.req.Write.DryRun, Server: r.s.name}
	st := adm.Mutate(a)
	if st == nil {
		st = adm.Validate(a)
	}
	if !r.s.p.cfg.AdmissionTraced {
		r.gate(trace.Admit, trace.Validating, st, o.Meta.Name)
	}
	r.warnings = append(r.warnings, a.Warnings...)
	return st
}
