package fakeapi

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

func (s *Server) create(k *object.KindInfo, info api.RequestInfo, body map[string]any) *api.Response {
	o, err := object.FromMap(body)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response()
	}
	if k.Namespaced {
		if o.Meta.Namespace == "" {
			o.Meta.Namespace = info.Namespace
		}
		if o.Meta.Namespace != info.Namespace {
			return api.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request").Response()
		}
	} else {
		o.Meta.Namespace = ""
	}
	if o.Meta.Name == "" && o.Meta.GenerateName != "" {
		o.Meta.Name = object.GenerateName(o.Meta.GenerateName, s.Rand)
	}
	if o.Meta.Name == "" {
		return api.NewBadRequest("name or generateName is required").Response()
	}
	o.Meta.UID = object.NewUID(s.Rand)
	o.Meta.CreationTimestamp = s.Loop.Now().Wall()
	return s.put(k, o, 0, http.StatusCreated)
}

// put writes o: a create when modRev is 0, a compare-and-swap otherwise.
func (s *Server) put(k *object.KindInfo, o *object.Object, modRev int64, code int) *api.Response {
	o.Meta.ResourceVersion = rv(s.Store.Rev() + 1)
	key := key(k, o.Meta.Namespace, o.Meta.Name)
	var err error
	if modRev == 0 {
		_, err = s.Store.Create(key, o)
	} else {
		_, err = s.Store.Update(key, modRev, o)
	}
	if err != nil {
		return storeError(k, o.Meta.Name, err)
	}
	return &api.Response{Code: code, Object: o}
}

// current reads the stored object a write replaces.
func (s *Server) current(k *object.KindInfo, info api.RequestInfo) (store.KeyValue[*object.Object], *api.Response) {
	kv, ok, err := s.Store.Get(key(k, info.Namespace, info.Name))
	if err == nil && !ok {
		err = store.ErrKeyNotFound
	}
	if err != nil {
		return kv, storeError(k, info.Name, err)
	}
	return kv, nil
}

// update replaces an object (PUT), or only its status (PUT …/status). A
// resourceVersion in the body must be the stored one (409 Conflict).
func (s *Server) update(k *object.KindInfo, info api.RequestInfo, body map[string]any) *api.Response {
	kv, fail := s.current(k, info)
	if fail != nil {
		return fail
	}
	o, err := object.FromMap(body)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response()
	}
	old := kv.Value
	if o.Meta.ResourceVersion != "" && o.Meta.ResourceVersion != old.Meta.ResourceVersion {
		gr := api.GroupResource{Group: k.Group, Resource: k.Resource}
		return api.NewConflict(gr, info.Name, api.OptimisticLockErrorMsg).Response()
	}
	next := old.DeepCopy()
	switch {
	case info.Subresource == "status":
		next.Content["status"] = o.Content["status"]
	default:
		meta := next.Meta
		next = o
		next.Meta.Namespace, next.Meta.UID, next.Meta.CreationTimestamp = meta.Namespace, meta.UID, meta.CreationTimestamp
		if k.HasStatus() {
			if st, ok := old.Content["status"]; ok {
				next.Content["status"] = st
			} else {
				delete(next.Content, "status")
			}
		}
	}
	return s.put(k, next, kv.ModRevision, http.StatusOK)
}

// patch applies a JSON merge patch (RFC 7386); the fake treats a
// strategic-merge patch the same way.
func (s *Server) patch(k *object.KindInfo, info api.RequestInfo, patch map[string]any) *api.Response {
	kv, fail := s.current(k, info)
	if fail != nil {
		return fail
	}
	tree := mergePatch(kv.Value.DeepCopy().ToMap(), patch)
	o, err := object.FromMap(tree)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response()
	}
	old := kv.Value.Meta
	o.Meta.Name, o.Meta.Namespace, o.Meta.UID, o.Meta.CreationTimestamp = old.Name, old.Namespace, old.UID, old.CreationTimestamp
	return s.put(k, o, kv.ModRevision, http.StatusOK)
}

func mergePatch(target, patch map[string]any) map[string]any {
	if target == nil {
		target = map[string]any{}
	}
	for k, v := range patch {
		switch pv := v.(type) {
		case nil:
			delete(target, k)
		case map[string]any:
			tv, _ := target[k].(map[string]any)
			target[k] = mergePatch(tv, pv)
		default:
			target[k] = object.DeepCopyValue(v)
		}
	}
	return target
}

// delete removes an object at once (no graceful deletion, no finalizers)
// and answers with the object as last stored.
func (s *Server) delete(k *object.KindInfo, info api.RequestInfo) *api.Response {
	kv, _, err := s.Store.Delete(key(k, info.Namespace, info.Name), 0)
	if err != nil {
		return storeError(k, info.Name, err)
	}
	return &api.Response{Code: http.StatusOK, Object: kv.Value}
}
