package daemon

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// constructHistory is constructHistory (update.go): the DaemonSet's
// ControllerRevisions split into the one that holds its current template
// (created by snapshot when there is none, renumbered above the others
// when it is older than one of them) and the old ones.
func (dc *Controller) constructHistory(ds *object.Object) (cur *object.Object, old []*object.Object, err error) {
	sel, _ := object.LabelSelectorFrom(ds.Spec()["selector"])
	revs := controller.RefManager{Client: dc.Client, Owner: ds, OwnerKind: dc.dsKind, Kind: dc.revKind, Selector: sel}
	if err := controller.AdoptOrphanRevisions(&revs, dc.revs.Lister()); err != nil {
		return nil, nil, err
	}
	var current []*object.Object
	patch := templatePatch(ds)
	for _, r := range controller.OwnedRevisions(dc.revs.Lister(), ds) {
		if object.EqualValues(r.Content["data"], patch) {
			current = append(current, r)
		} else {
			old = append(old, r)
		}
	}
	next := int64(1)
	for _, r := range old {
		next = max(next, controller.RevisionNumber(r)+1)
	}
	if len(current) == 0 {
		cur, err = dc.snapshot(ds, patch, next)
		return cur, old, err
	}
	controller.SortRevisions(current)
	cur = current[len(current)-1] // dedupCurHistories keeps the newest
	for _, dup := range current[:len(current)-1] {
		if err := dc.deleteRevision(dup); err != nil {
			return nil, nil, err
		}
	}
	if controller.RevisionNumber(cur) < next {
		bumped := cur.DeepCopy()
		bumped.Content["revision"] = next
		if cur, err = client.Shared(dc.Client.Do(client.UpdateRequestOwning(dc.revKind, bumped, api.WriteOptions{}), nil)); err != nil {
			return nil, nil, err
		}
	}
	return cur, old, nil
}

// templatePatch is getPatch: the DaemonSet's template as a patch that
// replaces it.
func templatePatch(ds *object.Object) map[string]any {
	tpl := object.DeepCopyValue(object.MapAt(ds.Spec(), "template")).(map[string]any)
	tpl["$patch"] = "replace"
	return map[string]any{"spec": map[string]any{"template": tpl}}
}

// snapshot is snapshot: the revision NAME-HASH of the current template,
// labelled with the template's labels and controller-revision-hash, with
// the DaemonSet's annotations. A name taken by another template raises
// the DaemonSet's collisionCount, and the sync is retried.
func (dc *Controller) snapshot(ds *object.Object, patch map[string]any, revision int64) (*object.Object, error) {
	hash := revisionHash(ds)
	cr := object.New("apps/v1", "ControllerRevision")
	cr.Meta.Name, cr.Meta.Namespace = ds.Meta.Name+"-"+hash, ds.Meta.Namespace
	cr.Meta.Labels = object.StringMap(object.MapAt(ds.Spec(), "template", "metadata")["labels"])
	if cr.Meta.Labels == nil {
		cr.Meta.Labels = map[string]string{}
	}
	cr.Meta.Labels[LabelRevisionHash] = hash
	cr.Meta.Annotations = maps.Clone(ds.Meta.Annotations)
	cr.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(ds, "apps/v1", "DaemonSet")}
	cr.Content = map[string]any{"data": patch, "revision": revision}
	created, err := client.Shared(dc.Client.DoCreateOwning(dc.revKind, cr, api.WriteOptions{}))
	if err == nil || !api.IsReason(err, api.ReasonAlreadyExists) {
		return created, err
	}
	existing, gerr := client.Shared(dc.Client.DoGet(dc.revKind, ds.Meta.Namespace, ds.Meta.Name+"-"+hash))
	if gerr != nil {
		return nil, gerr
	}
	if object.EqualValues(existing.Content["data"], patch) {
		return existing, nil
	}
	collisions, _ := object.Int(ds.Status()["collisionCount"])
	status := object.DeepCopyValue(ds.Status()).(map[string]any)
	if status == nil {
		status = map[string]any{}
	}
	status["collisionCount"] = collisions + 1
	if uerr := controller.SendStatusUpdate(dc.Client, dc.dsKind, ds, status, api.WriteOptions{}).Err(); uerr != nil {
		return nil, uerr
	}
	return nil, err
}

// cleanupHistory is cleanupHistory: beyond spec.revisionHistoryLimit, the
// oldest old revisions no Pod of the DaemonSet (deleted finished ones
// included) still carries are deleted.
func (dc *Controller) cleanupHistory(ds *object.Object, old []*object.Object) error {
	limit, ok := object.Int(ds.Spec()["revisionHistoryLimit"])
	if !ok {
		limit = 10
	}
	toKill := len(old) - int(limit)
	if toKill <= 0 {
		return nil
	}
	byNode, err := dc.nodesToPods(ds, true)
	if err != nil {
		return err
	}
	live := map[string]bool{}
	for _, pods := range byNode {
		for _, p := range pods {
			if h := p.Meta.Labels[LabelRevisionHash]; h != "" {
				live[h] = true
			}
		}
	}
	controller.SortRevisions(old)
	for _, r := range old {
		if toKill <= 0 {
			break
		}
		if live[r.Meta.Labels[LabelRevisionHash]] {
			continue
		}
		if err := dc.deleteRevision(r); err != nil {
			return err
		}
		toKill--
	}
	return nil
}

// deleteRevision deletes one revision; one already gone is no error.
func (dc *Controller) deleteRevision(r *object.Object) error {
	err := dc.Client.Do(client.DeleteRequest(dc.revKind, r.Meta.Namespace, r.Meta.Name, api.DeleteOptions{}), nil).Err()
	if err != nil && !isNotFound(err) {
		return err
	}
	return nil
}
