package garbagecollector

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// removeFinalizerTries is retry.DefaultBackoff.Steps, the tries of
// removeFinalizer on conflict (k8s.io/client-go/util/retry/util.go). The
// model retries at once: its calls take no time, so only a write made
// between two of them can conflict.
const removeFinalizerTries = 4

// restMappingError is an owner reference to a kind the API server does not
// serve (errors.go).
type restMappingError struct{ kind, version string }

// Error is the collector's message for an unmapped owner kind.
func (e *restMappingError) Error() string {
	return fmt.Sprintf("unable to get REST mapping for %s/%s.", e.version, e.kind)
}

// getObject reads the object a node stands for (getObject).
func (gc *GarbageCollector) getObject(id objectReference) (*object.Object, error) {
	k, err := gc.kindOf(id.APIVersion, id.Kind)
	if err != nil {
		return nil, err
	}
	ns := ""
	if k.Namespaced {
		if id.Namespace == "" {
			return nil, errNamespacedOwnerOfClusterScoped
		}
		ns = id.Namespace
	}
	return client.Shared(gc.client.DoGet(k, ns, id.Name))
}

// deleteObject deletes an object with its UID and resourceVersion as
// preconditions and the propagation policy. When the resourceVersion no
// longer matches but the owner references are those the decision was
// made on, it deletes again with the UID alone, so that unrelated updates
// cannot starve the collector (operations.go).
func (gc *GarbageCollector) deleteObject(id objectReference, rv string, owners []object.OwnerReference, policy api.DeletionPropagation) error {
	k, err := gc.kindOf(id.APIVersion, id.Kind)
	if err != nil {
		return err
	}
	ns := namespaceOf(k, id)
	pre := &api.Preconditions{UID: id.UID, ResourceVersion: rv}
	err = gc.client.Do(client.DeleteRequest(k, ns, id.Name, api.DeleteOptions{PropagationPolicy: policy, Preconditions: pre}), nil).Err()
	if api.IsReason(err, api.ReasonConflict) && rv != "" {
		live, liveErr := client.Shared(gc.client.DoGet(k, ns, id.Name))
		if api.IsReason(liveErr, api.ReasonNotFound) {
			return liveErr
		}
		if liveErr == nil && live.Meta.UID == id.UID && live.Meta.ResourceVersion != rv && slices.EqualFunc(live.Meta.OwnerReferences, owners, sameRef) {
			return gc.deleteObject(id, "", nil, policy)
		}
	}
	return err
}

// removeFinalizer removes one finalizer from an owner with a JSON merge
// patch that names the resourceVersion read, retrying on conflict.
func (gc *GarbageCollector) removeFinalizer(owner *node, finalizer string) error {
	for range removeFinalizerTries {
		o, err := gc.getObject(owner.identity)
		if api.IsReason(err, api.ReasonNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cannot finalize owner %s, because cannot get it: %v. The garbage collector will retry later", owner.identity, err)
		}
		if !o.Meta.HasFinalizer(finalizer) {
			return nil
		}
		var rest []any
		for _, f := range o.Meta.Finalizers {
			if f != finalizer {
				rest = append(rest, f)
			}
		}
		var fs any // JSON null when none is left
		if rest != nil {
			fs = rest
		}
		k, _ := gc.kindOf(owner.identity.APIVersion, owner.identity.Kind)
		patch := map[string]any{"metadata": map[string]any{"resourceVersion": o.Meta.ResourceVersion, "finalizers": fs}}
		err = gc.client.Do(client.PatchRequest(k, o.Meta.Namespace, o.Meta.Name, api.MergePatch, patch, api.WriteOptions{}), nil).Err()
		if !api.IsReason(err, api.ReasonConflict) {
			return err
		}
	}
	return fmt.Errorf("updateMaxRetries(%d) has reached. The garbage collector will retry later for owner %v", removeFinalizerTries, owner.identity)
}

// patchOwnerRefs removes the references to the given owner UIDs from a
// dependent: a strategic merge patch with $patch: delete per reference,
// the dependent's UID as a precondition
// (GenerateDeleteOwnerRefStrategicMergeBytes), or, where strategic merge
// patch is not served (custom resources, 415), a JSON merge patch of the
// remaining references at the cached resourceVersion.
func (gc *GarbageCollector) patchOwnerRefs(item *node, ownerUIDs []string) error {
	refs := make([]any, 0, len(ownerUIDs))
	for _, uid := range ownerUIDs {
		refs = append(refs, map[string]any{"$patch": "delete", "uid": uid})
	}
	smp := map[string]any{"metadata": map[string]any{"uid": item.identity.UID, "ownerReferences": refs}}
	return gc.patch(item, smp, func(o *object.Object) []object.OwnerReference {
		var keep []object.OwnerReference
		for _, r := range o.Meta.OwnerReferences {
			if !slices.Contains(ownerUIDs, r.UID) {
				keep = append(keep, r)
			}
		}
		return keep
	})
}

// unblockOwnerReferences sets blockOwnerDeletion false on the node's
// blocking references, to break a cycle of foreground deletions.
func (gc *GarbageCollector) unblockOwnerReferences(item *node) error {
	var refs []any
	f := false
	for _, r := range item.owners {
		if blocks(r) {
			r.BlockOwnerDeletion = &f
			refs = append(refs, refMap(r))
		}
	}
	smp := map[string]any{"metadata": map[string]any{"uid": item.identity.UID, "ownerReferences": refs}}
	return gc.patch(item, smp, func(*object.Object) []object.OwnerReference {
		out := slices.Clone(item.owners)
		for i := range out {
			out[i].BlockOwnerDeletion = &f
		}
		return out
	})
}

// patch sends a strategic merge patch and falls back to a JSON merge patch
// of the references refs computes from the cached (or read) object when
// the resource does not take strategic merge patches.
func (gc *GarbageCollector) patch(item *node, smp map[string]any, refs func(*object.Object) []object.OwnerReference) error {
	k, err := gc.kindOf(item.identity.APIVersion, item.identity.Kind)
	if err != nil {
		return err
	}
	ns := namespaceOf(k, item.identity)
	err = gc.client.Do(client.PatchRequest(k, ns, item.identity.Name, api.StrategicMergePatch, smp, api.WriteOptions{}), nil).Err()
	if !api.IsReason(err, api.ReasonUnsupportedMediaType) {
		return err
	}
	o, err := gc.metadata(k, ns, item.identity.Name)
	if err != nil {
		return err
	}
	var list any // null when no reference is left
	if rs := refs(o); len(rs) > 0 {
		l := make([]any, 0, len(rs))
		for _, r := range rs {
			l = append(l, refMap(r))
		}
		list = l
	}
	mp := map[string]any{"metadata": map[string]any{"resourceVersion": o.Meta.ResourceVersion, "ownerReferences": list}}
	return gc.client.Do(client.PatchRequest(k, ns, item.identity.Name, api.MergePatch, mp, api.WriteOptions{}), nil).Err()
}

// metadata reads an object from its monitor's cache, or from the API
// server when the cache lacks it (getMetadata).
func (gc *GarbageCollector) metadata(k *object.KindInfo, ns, name string) (*object.Object, error) {
	for _, m := range gc.monitors {
		if m.kind == k {
			key := name
			if ns != "" {
				key = ns + "/" + name
			}
			if o, ok := m.inf.Indexer().GetByKey(key); ok {
				return o, nil
			}
		}
	}
	return client.Shared(gc.client.DoGet(k, ns, name))
}

// refMap renders an owner reference for a patch body.
func refMap(r object.OwnerReference) map[string]any {
	m := map[string]any{"apiVersion": r.APIVersion, "kind": r.Kind, "name": r.Name, "uid": r.UID}
	if r.Controller != nil {
		m["controller"] = *r.Controller
	}
	if r.BlockOwnerDeletion != nil {
		m["blockOwnerDeletion"] = *r.BlockOwnerDeletion
	}
	return m
}

// namespaceOf is resourceDefaultNamespace: the node's namespace for a
// namespaced kind, none otherwise.
func namespaceOf(k *object.KindInfo, id objectReference) string {
	if k.Namespaced {
		return id.Namespace
	}
	return ""
}
