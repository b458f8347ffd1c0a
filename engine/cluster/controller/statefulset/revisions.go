package statefulset

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// RevisionLabel is StatefulSetRevisionLabel: the name of the revision a
// Pod was made from.
const RevisionLabel = "controller-revision-hash"

// maxCollisionRetries bounds the retries of a revision whose name is
// taken by other data (Kubernetes retries with collisionCount+1 until it
// succeeds).
const maxCollisionRetries = 5

// history is one sync's view of a set's ControllerRevisions.
type history struct {
	all             []*object.Object // the set's revisions, oldest first
	current, update *object.Object
	collisionCount  int64
}

// revisions is getStatefulSetRevisions: the set's revisions, the update
// revision (its current template: reused when the newest revision has
// the same data, renumbered when an older one does, created otherwise)
// and the current revision (status.currentRevision, else the update
// revision).
func (ssc *Controller) revisions(set *object.Object) (*history, error) {
	h := &history{all: controller.OwnedRevisions(ssc.revs.Lister(), set)}
	controller.SortRevisions(h.all)
	h.collisionCount = set.GetInt(".status.collisionCount", 0)
	next := int64(1)
	if n := len(h.all); n > 0 {
		next = controller.RevisionNumber(h.all[n-1]) + 1
	}
	want := ssc.newRevision(set, next, h.collisionCount)
	var equal []*object.Object
	for _, r := range h.all {
		if controller.EqualRevision(r, want) {
			equal = append(equal, r)
		}
	}
	switch {
	case len(equal) > 0 && equal[len(equal)-1] == h.all[len(h.all)-1]:
		h.update = equal[len(equal)-1]
	case len(equal) > 0:
		bumped := equal[len(equal)-1].DeepCopy()
		bumped.Content["revision"] = next
		r, err := client.Shared(ssc.Client.Do(client.UpdateRequestOwning(ssc.revKind, bumped, api.WriteOptions{}), nil))
		if err != nil {
			return nil, err
		}
		h.update = r
	default:
		r, err := ssc.createRevision(set, want, next, &h.collisionCount)
		if err != nil {
			return nil, err
		}
		h.update = r
		h.all = append(h.all, r)
	}
	h.current = h.update
	if name := set.GetString(".status.currentRevision"); name != "" {
		for _, r := range h.all {
			if r.Meta.Name == name {
				h.current = r
			}
		}
	}
	return h, nil
}

// newRevision is newRevision: the set's template as a strategic merge
// patch that replaces it ({"spec":{"template":{…,"$patch":"replace"}}}),
// labelled with the template's labels.
func (ssc *Controller) newRevision(set *object.Object, revision, collisions int64) *object.Object {
	tpl := object.DeepCopyValue(set.Spec()["template"]).(map[string]any)
	tpl["$patch"] = "replace"
	data := map[string]any{"spec": map[string]any{"template": tpl}}
	labels := object.StringMap(object.MapAt(tpl, "metadata")["labels"])
	c := int32(collisions)
	cr, _ := controller.NewControllerRevision(set, "apps/v1", "StatefulSet", labels, data, revision, &c)
	return cr
}

// createRevision is CreateControllerRevision: a name taken by a revision
// with other data raises the collision count and tries the next hash.
func (ssc *Controller) createRevision(set, want *object.Object, revision int64, collisions *int64) (*object.Object, error) {
	for range maxCollisionRetries {
		r, err := client.Shared(ssc.Client.Do(client.CreateRequest(ssc.revKind, want, api.WriteOptions{}), nil))
		if err == nil {
			return r, nil
		}
		if !api.IsReason(err, api.ReasonAlreadyExists) {
			return nil, err
		}
		existing, gerr := client.Shared(ssc.Client.Do(client.GetRequest(ssc.revKind, want.Meta.Namespace, want.Meta.Name), nil))
		if gerr != nil {
			return nil, gerr
		}
		if controller.EqualRevision(existing, want) {
			return existing, nil
		}
		*collisions++
		want = ssc.newRevision(set, revision, *collisions)
	}
	return nil, api.NewInternalError("statefulset: no free revision name for " + set.Key())
}

// template is the Pod template a revision holds.
func revisionTemplate(r *object.Object) map[string]any {
	tpl := object.DeepCopyValue(object.MapAt(object.AsMap(r.Content["data"]), "spec", "template")).(map[string]any)
	delete(tpl, "$patch")
	return tpl
}

// truncateHistory is truncateHistory: the revisions no Pod, and neither
// the current nor the update revision, uses, beyond
// spec.revisionHistoryLimit, are deleted oldest first.
func (ssc *Controller) truncateHistory(set *object.Object, h *history) error {
	live := map[string]bool{h.current.Meta.Name: true, h.update.Meta.Name: true}
	for _, p := range ssc.ownedPods(set) {
		live[p.Meta.Labels[RevisionLabel]] = true
	}
	var old []*object.Object
	for _, r := range h.all {
		if !live[r.Meta.Name] {
			old = append(old, r)
		}
	}
	limit := int(set.GetInt(".spec.revisionHistoryLimit", 10))
	if len(old) <= limit {
		return nil
	}
	for _, r := range old[:len(old)-limit] {
		err := ssc.Client.Do(client.DeleteRequest(ssc.revKind, r.Meta.Namespace, r.Meta.Name, api.DeleteOptions{}), nil).Err()
		if err != nil && !api.IsReason(err, api.ReasonNotFound) {
			return err
		}
	}
	return nil
}
