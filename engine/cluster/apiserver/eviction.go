package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// evictionOperation is pods/eviction (pkg/registry/core/pod/storage/
// eviction.go): a graceful delete of the Pod with the eviction's delete
// options, answered 201 with a Success Status, once its
// PodDisruptionBudget allows it (checkDisruptionBudget).
func evictionOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeEviction,
		persist:   persistEviction,
		respond:   func(r *request) *api.Response { return successStatus(http.StatusCreated) },
	}
}

func decodeEviction(r *request) *api.Status {
	k := r.bodyKind("policy/v1", "Eviction")
	e, st := r.decodeObject(k, r.req.Body)
	if st != nil {
		return st
	}
	if st := r.checkNamespace(k, e); st != nil {
		return st
	}
	if e.Meta.Name != r.info.Name {
		return api.NewBadRequest("name in URL does not match name in Eviction object")
	}
	r.body = e
	return nil
}

func persistEviction(r *request) *api.Status {
	pods := r.podKind()
	old, rev, st := r.readStored(pods, r.info.Namespace, r.info.Name)
	if st != nil {
		return st
	}
	if st := r.checkDisruptionBudget(old); st != nil {
		return st
	}
	opts := api.DeleteOptions{}
	if g, ok, _ := r.body.Get(".deleteOptions.gracePeriodSeconds"); ok && g != nil {
		n := asInt(g)
		opts.GracePeriodSeconds = &n
	}
	if p := r.body.GetString(".deleteOptions.propagationPolicy"); p != "" {
		opts.PropagationPolicy = api.DeletionPropagation(p)
	}
	d, st := r.deleteObject(pods, old, rev, opts)
	if st != nil {
		return st
	}
	r.obj = d.obj
	return nil
}
