package apiserver

import (
	"fmt"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func deleteOperation() *operation {
	return &operation{
		admission: api.OpDelete,
		decode:    decodeDelete,
		persist:   persistDelete,
		respond:   respondDelete,
	}
}

// deleted is the outcome of a delete: the object's last state, and
// whether it is gone (false: it now carries a deletionTimestamp, or
// already did).
type deleted struct {
	obj  *object.Object
	gone bool
}

// decodeDelete checks the delete options and reads the object from etcd
// (the generic store's Delete starts with a Storage.Get, which the cacher
// passes to etcd), then its preconditions (rest.BeforeDelete): a UID or
// resourceVersion that does not match is 409 Conflict.
func decodeDelete(r *request) *api.Status {
	if st := validateDeleteOptions(&r.req.Delete); st != nil {
		return st
	}
	if st := r.readStoredOld(); st != nil {
		return st
	}
	return checkPreconditions(r.kind, r.old, r.req.Delete.Preconditions)
}

// validateDeleteOptions is ValidateDeleteOptions' check of the
// propagation policy (422).
func validateDeleteOptions(o *api.DeleteOptions) *api.Status {
	switch o.PropagationPolicy {
	case "", api.PropagationBackground, api.PropagationForeground, api.PropagationOrphan:
		return nil
	}
	msg := fmt.Sprintf(`propagationPolicy: Unsupported value: %q: supported values: "Foreground", "Background", "Orphan", "nil"`, o.PropagationPolicy)
	return api.NewInvalid(api.GroupResource{Group: "meta.k8s.io", Resource: "DeleteOptions"}, "DeleteOptions", "",
		`DeleteOptions.meta.k8s.io "" is invalid: `+msg,
		[]api.StatusCause{{Type: "FieldValueNotSupported", Field: "propagationPolicy", Message: msg}})
}

// checkPreconditions words a failed precondition as rest.BeforeDelete
// does, naming the object by its kind ("Pod", "Deployment.apps").
func checkPreconditions(k *object.KindInfo, o *object.Object, p *api.Preconditions) *api.Status {
	if p == nil {
		return nil
	}
	gk := api.GroupResource{Group: k.Group, Resource: k.Kind}
	if p.UID != "" && p.UID != o.Meta.UID {
		return api.NewConflict(gk, o.Meta.Name, fmt.Sprintf("the UID in the precondition (%s) does not match the UID in record (%s). The object might have been deleted and then recreated", p.UID, o.Meta.UID))
	}
	if p.ResourceVersion != "" && p.ResourceVersion != o.Meta.ResourceVersion {
		return api.NewConflict(gk, o.Meta.Name, fmt.Sprintf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%s). The object might have been modified", p.ResourceVersion, o.Meta.ResourceVersion))
	}
	return nil
}

// jobOrphanWarning is deleteOptionWarnings
// (pkg/registry/batch/job/storage/storage.go): a Job deleted without a
// propagation policy keeps its Pods.
const jobOrphanWarning = "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning"

// warnOrphanByDefault adds jobOrphanWarning to a delete of a kind that
// orphans by default when the request names no propagation policy, as the
// Job storage's Delete and DeleteCollection do.
func (r *request) warnOrphanByDefault() {
	if r.kind.OrphanByDefault && r.req.Delete.PropagationPolicy == "" {
		r.warnings = append(r.warnings, jobOrphanWarning)
	}
}

func persistDelete(r *request) *api.Status {
	r.warnOrphanByDefault()
	d, st := r.deleteObject(r.kind, r.old, r.oldRev, r.req.Delete)
	if st != nil {
		return st
	}
	r.obj = d.obj
	r.deleted = d
	return nil
}

func respondDelete(r *request) *api.Response {
	return deleteResponse(r.kind, r.deleted)
}

// returnsDeletedObject lists the resources whose REST storage answers a
// delete with the object rather than a Status (ReturnDeletedObject: true
// in their storage.go): pods, services, service accounts, namespaces,
// persistent volumes and claims, storage classes, CRDs and custom
// resources.
var returnsDeletedObject = map[string]bool{
	"pods": true, "services": true, "serviceaccounts": true, "namespaces": true,
	"persistentvolumes": true, "persistentvolumeclaims": true,
	"storageclasses.storage.k8s.io": true, "customresourcedefinitions.apiextensions.k8s.io": true,
}

// deleteResponse is the answer to a delete: 200 with the object while it
// is being deleted, and once gone either the object or a Status with the
// object's name, group, resource and uid (store.go, finalizeDelete).
func deleteResponse(k *object.KindInfo, d deleted) *api.Response {
	if !d.gone || k.CRD != nil || returnsDeletedObject[grOf(k).String()] {
		return respond(http.StatusOK, d.obj)
	}
	return &api.Response{Code: http.StatusOK, Status: &api.Status{Code: http.StatusOK,
		Details: &api.StatusDetails{Name: d.obj.Meta.Name, Group: k.Group, Kind: k.Resource}}}
}
