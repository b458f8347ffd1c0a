package apiserver

import (
	"slices"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// The finalizers the garbage collector honours
// (metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents).
const (
	FinalizerOrphan     = "orphan"
	FinalizerForeground = "foregroundDeletion"
)

// deleteObject deletes old (stored at oldRev) as the generic store's
// Delete does (k8s.io/apiserver/pkg/registry/generic/registry/store.go
// and rest/delete.go):
//
//   - Pods are deleted gracefully: the first delete sets
//     deletionTimestamp = now + grace and deletionGracePeriodSeconds =
//     grace (the option, else spec.terminationGracePeriodSeconds; 0 for a
//     Pod never scheduled or already terminated; a negative one is 1) and
//     bumps generation; the object stays until a delete with grace 0
//     (the kubelet's). A later delete may only shorten the grace period;
//     one that does not changes nothing.
//   - The propagation policy sets the garbage collector's finalizers:
//     Orphan adds "orphan", Foreground "foregroundDeletion", Background
//     (the default, but for Jobs: Orphan, with a warning) neither.
//   - An object with finalizers is only marked (deletionTimestamp now,
//     grace 0) and stays until an update removes the last finalizer.
//   - Anything else is removed at once.
//
// Namespaces are marked Terminating first (namespaceDelete).
func (r *request) deleteObject(k *object.KindInfo, old *object.Object, oldRev int64, opts api.DeleteOptions) (deleted, *api.Status) {
	if k.Group == "" && k.Resource == "namespaces" {
		return r.namespaceDelete(k, old, oldRev, opts)
	}
	obj := old.DeepCopy()
	graceful, pending := r.beforeDelete(k, obj, &opts)
	if pending {
		return deleted{obj: old}, nil
	}
	changed, finalizers := gcFinalizers(k, old, opts.PropagationPolicy)
	pendingFinalizers := len(old.Meta.Finalizers) != 0
	if graceful || pendingFinalizers || changed {
		if changed {
			obj.Meta.Finalizers = finalizers
		}
		pendingFinalizers = len(obj.Meta.Finalizers) != 0
		if !graceful && !pendingFinalizers {
			return r.removeNow(k, old, oldRev)
		}
		if !graceful {
			markAsDeleting(obj, r.now)
		}
		rev := oldRev
		if !sameObject(old, obj) {
			if st := r.write(k, obj, oldRev, "delete: mark"); st != nil {
				return deleted{}, st
			}
			rev, _ = parseRV(obj.Meta.ResourceVersion)
			r.change = r.s.p.changeOf(old, obj)
		} else {
			obj = old
		}
		if pendingFinalizers || *obj.Meta.DeletionGracePeriodSeconds > 0 {
			return deleted{obj: obj}, nil
		}
		return r.removeNow(k, obj, rev)
	}
	return r.removeNow(k, old, oldRev)
}

// removeNow removes the object from the store.
func (r *request) removeNow(k *object.KindInfo, o *object.Object, rev int64) (deleted, *api.Status) {
	if _, st := r.remove(k, o, rev); st != nil {
		return deleted{}, st
	}
	r.change = r.s.p.changeOf(o, nil)
	r.afterDelete(k, o)
	return deleted{obj: o, gone: true}, nil
}

// beforeDelete is rest.BeforeDelete on obj (a copy of the stored object):
// it reports whether the deletion is graceful (obj now carries the
// deletion timestamp and grace period) or already pending.
func (r *request) beforeDelete(k *object.KindInfo, obj *object.Object, opts *api.DeleteOptions) (graceful, pending bool) {
	if g := opts.GracePeriodSeconds; g != nil && *g < 0 {
		one := int64(1)
		opts.GracePeriodSeconds = &one
	}
	if !isGraceful(k) {
		return false, false
	}
	m := &obj.Meta
	if m.DeletionTimestamp != nil {
		if m.DeletionGracePeriodSeconds == nil || *m.DeletionGracePeriodSeconds == 0 {
			return false, false
		}
		if opts.GracePeriodSeconds == nil || *opts.GracePeriodSeconds >= *m.DeletionGracePeriodSeconds {
			return false, true
		}
		period := *opts.GracePeriodSeconds
		ts := m.DeletionTimestamp.Add(-time.Duration(*m.DeletionGracePeriodSeconds) * time.Second).Add(time.Duration(period) * time.Second)
		m.DeletionTimestamp, m.DeletionGracePeriodSeconds = &ts, &period
		return true, false
	}
	period := podGracePeriod(obj, opts.GracePeriodSeconds)
	ts := r.now.Wall().Truncate(time.Second).Add(time.Duration(period) * time.Second)
	m.DeletionTimestamp, m.DeletionGracePeriodSeconds = &ts, &period
	if m.Generation > 0 {
		m.Generation++
	}
	return true, false
}

// isGraceful reports whether the kind's strategy supports graceful
// deletion: only Pods among the modelled kinds
// (pkg/registry/core/pod/strategy.go, CheckGracefulDelete).
func isGraceful(k *object.KindInfo) bool { return k.Group == "" && k.Resource == "pods" }

// podGracePeriod is podStrategy.CheckGracefulDelete: the option, else
// spec.terminationGracePeriodSeconds; 0 when the Pod is not scheduled or
// has terminated; 1 when negative.
func podGracePeriod(pod *object.Object, option *int64) int64 {
	period := int64(0)
	if option != nil {
		period = *option
	} else if v, ok := pod.Spec()["terminationGracePeriodSeconds"]; ok {
		period = asInt(v)
	}
	if pod.GetString(".spec.nodeName") == "" {
		period = 0
	}
	if ph := pod.GetString(".status.phase"); ph == "Failed" || ph == "Succeeded" {
		period = 0
	}
	if period < 0 {
		period = 1
	}
	return period
}

// markAsDeleting marks an object that cannot be removed yet because of
// its finalizers: deletionTimestamp now (unless already earlier),
// deletionGracePeriodSeconds 0, generation bumped the first time.
func markAsDeleting(o *object.Object, now sim.Time) {
	m := &o.Meta
	t := now.Wall().Truncate(time.Second)
	if m.DeletionTimestamp == nil && m.Generation > 0 {
		m.Generation++
	}
	if m.DeletionTimestamp == nil || m.DeletionTimestamp.After(t) {
		m.DeletionTimestamp = &t
	}
	zero := int64(0)
	m.DeletionGracePeriodSeconds = &zero
}

// gcFinalizers is deletionFinalizersForGarbageCollection: the orphan and
// foregroundDeletion finalizers the propagation policy (else the ones
// already present, else the kind's default: orphan for a Job) calls for,
// and whether they differ from the object's.
func gcFinalizers(k *object.KindInfo, o *object.Object, policy api.DeletionPropagation) (bool, []string) {
	has := func(f string) bool { return slices.Contains(o.Meta.Finalizers, f) }
	var orphan, foreground bool
	switch policy {
	case api.PropagationOrphan:
		orphan = true
	case api.PropagationForeground:
		foreground = true
	case api.PropagationBackground:
	default:
		switch {
		case has(FinalizerOrphan):
			orphan = true
		case has(FinalizerForeground):
			foreground = true
		default:
			orphan = k.OrphanByDefault
		}
	}
	var out []string
	for _, f := range o.Meta.Finalizers {
		if f != FinalizerOrphan && f != FinalizerForeground {
			out = append(out, f)
		}
	}
	if orphan {
		out = append(out, FinalizerOrphan)
	}
	if foreground {
		out = append(out, FinalizerForeground)
	}
	same := len(out) == len(o.Meta.Finalizers)
	for _, f := range out {
		same = same && has(f)
	}
	if same {
		return false, o.Meta.Finalizers
	}
	return true, out
}

// namespaceDelete is the namespace storage's Delete
// (pkg/registry/core/namespace/storage/storage.go): the first delete sets
// deletionTimestamp and status.phase Terminating; the namespace is
// removed only once spec.finalizers (the namespace controller's
// "kubernetes") is empty, by a later delete.
func (r *request) namespaceDelete(k *object.KindInfo, old *object.Object, oldRev int64, opts api.DeleteOptions) (deleted, *api.Status) {
	obj := old
	rev := oldRev
	if old.Meta.DeletionTimestamp == nil {
		obj = old.DeepCopy()
		t := r.now.Wall().Truncate(time.Second)
		obj.Meta.DeletionTimestamp = &t
		obj.EnsureMap("status")["phase"] = "Terminating"
		if changed, f := gcFinalizers(k, old, opts.PropagationPolicy); changed {
			obj.Meta.Finalizers = f
		}
		if st := r.write(k, obj, oldRev, "delete: terminating"); st != nil {
			return deleted{}, st
		}
		rev, _ = parseRV(obj.Meta.ResourceVersion)
		r.change = r.s.p.changeOf(old, obj)
	}
	if fs, _ := obj.Spec()["finalizers"].([]any); len(fs) > 0 || len(obj.Meta.Finalizers) > 0 {
		return deleted{obj: obj}, nil
	}
	return r.removeNow(k, obj, rev)
}
