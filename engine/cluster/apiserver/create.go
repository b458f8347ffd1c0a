package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// maxNameGenerationCreateAttempts is how often a create with generateName
// is retried with a new name when the name is taken
// (k8s.io/apiserver/pkg/registry/generic/registry/store.go).
const maxNameGenerationCreateAttempts = 8

func createOperation() *operation {
	return &operation{
		admission: api.OpCreate,
		decode:    decodeCreate,
		validate:  validateCreate,
		persist:   persistCreate,
		respond:   func(r *request) *api.Response { return respond(http.StatusCreated, r.obj) },
	}
}

func decodeCreate(r *request) *api.Status {
	o, st := r.decodeSent(r.kind)
	if st != nil {
		return st
	}
	if st := r.checkNamespace(r.kind, o); st != nil {
		return st
	}
	r.obj = o
	return nil
}

// validateCreate is what the generic store's create and rest.BeforeCreate
// do before storage: system fields (uid, creationTimestamp,
// FillObjectMetaSystemFields), the generated name, the Service's cluster
// IP (BeginCreate), the strategy's PrepareForCreate, then validation.
func validateCreate(r *request) *api.Status {
	o, k := r.obj, r.kind
	r.fillSystemFields(o)
	if o.Meta.Name == "" && o.Meta.GenerateName != "" {
		o.Meta.Name = object.GenerateName(o.Meta.GenerateName, r.s.p.cfg.Rand)
	}
	if st := r.allocateServiceIPs(o); st != nil {
		return st
	}
	o.Meta.DeletionTimestamp, o.Meta.DeletionGracePeriodSeconds = nil, nil
	object.PrepareForCreate(k, o)
	object.StampVolumePhaseTransition(o, nil, r.now.Wall())
	if errs := object.ValidateObject(k, o, nil); len(errs) > 0 {
		return invalid(k, o.Meta.Name, errs)
	}
	return nil
}

// fillSystemFields sets the uid and creationTimestamp
// (rest.FillObjectMetaSystemFields). Timestamps are whole seconds, as
// metav1.Time is stored.
func (r *request) fillSystemFields(o *object.Object) {
	o.Meta.UID = object.NewUID(r.s.p.cfg.Rand)
	o.Meta.CreationTimestamp = wholeSecond(r.now)
}

func persistCreate(r *request) *api.Status {
	o, k := r.obj, r.kind
	if o.Meta.ResourceVersion != "" {
		// etcd3 store Create (k8s.io/apiserver/pkg/storage/etcd3/store.go).
		return plainError("resourceVersion should not be set on objects to be created")
	}
	for attempt := 1; ; attempt++ {
		st := r.write(k, o, 0, "create")
		if st == nil {
			break
		}
		if st.Reason != api.ReasonAlreadyExists {
			return st
		}
		if o.Meta.GenerateName != "" && attempt < maxNameGenerationCreateAttempts {
			o.Meta.Name = object.GenerateName(o.Meta.GenerateName, r.s.p.cfg.Rand)
			continue
		}
		// Creating over an object that is being deleted says so
		// (store.go, create: "object is being deleted: …").
		if kv, ok, err := r.s.p.cfg.Store.Get(r.objectKey(k, o.Meta.Namespace, o.Meta.Name)); err == nil && ok &&
			kv.Value.Meta.DeletionTimestamp != nil {
			st.Message = "object is being deleted: " + st.Message
		}
		return st
	}
	r.change = r.s.p.changeOf(nil, o)
	r.afterCreate(k, o)
	return nil
}
