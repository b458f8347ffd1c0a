package apiserver

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// grOf is a kind's resource as messages name it.
func grOf(k *object.KindInfo) api.GroupResource {
	return api.GroupResource{Group: k.Group, Resource: k.Resource}
}

// readStored reads an object from the store, as a write does before
// changing it (GuaranteedUpdate reads the current state): 404 when it
// does not exist, 504 when the store is unreachable.
func (r *request) readStored(k *object.KindInfo, namespace, name string) (*object.Object, int64, *api.Status) {
	kv, ok, err := r.s.p.cfg.Store.Get(r.objectKey(k, namespace, name))
	if err != nil {
		return nil, 0, storeError(err, grOf(k), name)
	}
	if !ok {
		return nil, 0, api.NewNotFound(grOf(k), name)
	}
	return kv.Value, kv.ModRevision, nil
}

// write stores o, a new object (modRev 0) or the new state of one at
// modRev (a compare-and-swap), stamping its resourceVersion with the
// revision of the write. It records the PERSIST event; on failure the
// store is unchanged and the caller records nothing more than the error.
func (r *request) write(k *object.KindInfo, o *object.Object, modRev int64, detail string) *api.Status {
	st := r.s.p.cfg.Store
	if r.req.Write.DryRun {
		// dryRun=All: everything but the write (the object keeps no new
		// resourceVersion).
		return nil
	}
	before := o.Meta.ResourceVersion
	rev := st.Rev() + 1
	o.Meta.ResourceVersion = formatRV(rev)
	var err error
	var got int64
	if modRev == 0 {
		kv, e := st.Create(r.objectKey(k, o.Meta.Namespace, o.Meta.Name), o)
		err, got = e, kv.ModRevision
	} else {
		kv, e := r.update(k, o, modRev)
		err, got = e, kv.ModRevision
	}
	if err != nil {
		o.Meta.ResourceVersion = before
		return storeError(err, grOf(k), o.Meta.Name)
	}
	if got != rev {
		panic(fmt.Sprintf("apiserver: store wrote revision %d, expected %d", got, rev))
	}
	prev := ""
	if modRev != 0 {
		prev = r.formatRV(modRev)
	}
	r.persisted(o, prev, o.Meta.ResourceVersion, detail)
	r.rvAfter = o.Meta.ResourceVersion
	return nil
}

// update writes o over the stored version at modRev. The store names the
// key by the string it holds: the key is built on the stack, unless the
// request has it already.
func (r *request) update(k *object.KindInfo, o *object.Object, modRev int64) (store.KeyValue[*object.Object], error) {
	st := r.s.p.cfg.Store
	var buf [128]byte
	if key, ok := r.s.p.prefixes.appendKey(buf[:0], k, o.Meta.Namespace, o.Meta.Name); ok && r.key == "" {
		return st.UpdateBytes(key, modRev, o)
	}
	return st.Update(r.objectKey(k, o.Meta.Namespace, o.Meta.Name), modRev, o)
}

// formatRV is the resourceVersion of revision rev, the stored object's
// own string when rev is the revision it was read at: stored objects
// carry their revision's formatRV.
func (r *request) formatRV(rev int64) string {
	if r.old != nil && r.oldRev == rev {
		return r.old.Meta.ResourceVersion
	}
	return formatRV(rev)
}

// remove deletes the stored object old at modRev and records the PERSIST
// event; it returns the revision of the delete.
func (r *request) remove(k *object.KindInfo, old *object.Object, modRev int64) (int64, *api.Status) {
	_, rev, err := r.s.p.cfg.Store.Delete(r.objectKey(k, old.Meta.Namespace, old.Meta.Name), modRev)
	if err != nil {
		return 0, storeError(err, grOf(k), old.Meta.Name)
	}
	r.rvAfter = formatRV(rev)
	r.persisted(old, r.formatRV(modRev), r.rvAfter, "delete")
	return rev, nil
}
