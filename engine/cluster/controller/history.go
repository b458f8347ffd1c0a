package controller

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// RevisionHashLabel is ControllerRevisionHashLabel, the hash label of a
// ControllerRevision (pkg/controller/history/controller_history.go).
const RevisionHashLabel = "controller.kubernetes.io/hash"

// maxRevisionNamePrefix bounds the owner's part of a revision's name
// (ControllerRevisionName: 223 characters, so that with the hash the name
// is a valid subdomain).
const maxRevisionNamePrefix = 223

// NewControllerRevision is history.NewControllerRevision: a revision of
// owner (controlled by it, of apiVersion and kind) holding data, with
// owner's annotations, labels plus the hash label, and the name
// OWNER-HASH. The hash is HashControllerRevision's: data, then the
// collision count. It returns the revision and its hash.
func NewControllerRevision(owner *object.Object, apiVersion, kind string, labels map[string]string, data map[string]any, revision int64, collisionCount *int32) (*object.Object, string) {
	hash := ComputeHash(data, collisionCount)
	cr := object.New("apps/v1", "ControllerRevision")
	prefix := owner.Meta.Name
	if len(prefix) > maxRevisionNamePrefix {
		prefix = prefix[:maxRevisionNamePrefix]
	}
	cr.Meta.Name, cr.Meta.Namespace = prefix+"-"+hash, owner.Meta.Namespace
	cr.Meta.Labels = maps.Clone(labels)
	if cr.Meta.Labels == nil {
		cr.Meta.Labels = map[string]string{}
	}
	cr.Meta.Labels[RevisionHashLabel] = hash
	if len(owner.Meta.Annotations) > 0 {
		cr.Meta.Annotations = maps.Clone(owner.Meta.Annotations)
	}
	cr.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(owner, apiVersion, kind)}
	cr.Content = map[string]any{"data": data, "revision": revision}
	return cr, hash
}

// RevisionNumber is a ControllerRevision's .revision.
func RevisionNumber(cr *object.Object) int64 {
	n, _ := object.Int(cr.Content["revision"])
	return n
}

// SortRevisions sorts revisions by revision number, then creation, then
// name (history.SortControllerRevisions).
func SortRevisions(revisions []*object.Object) {
	slices.SortStableFunc(revisions, func(a, b *object.Object) int {
		if x, y := RevisionNumber(a), RevisionNumber(b); x != y {
			if x < y {
				return -1
			}
			return 1
		}
		if c := a.Meta.CreationTimestamp.Compare(b.Meta.CreationTimestamp); c != 0 {
			return c
		}
		if a.Meta.Name < b.Meta.Name {
			return -1
		}
		if a.Meta.Name > b.Meta.Name {
			return 1
		}
		return 0
	})
}

// EqualRevision is history.EqualRevision: the same data (Kubernetes
// compares the hash label first, then the bytes).
func EqualRevision(a, b *object.Object) bool {
	return a.Meta.Labels[RevisionHashLabel] == b.Meta.Labels[RevisionHashLabel] && object.EqualValues(a.Content["data"], b.Content["data"])
}

// OwnedRevisions are the revisions in owner's namespace, from revisions'
// cache, whose labels its spec.selector matches and that it controls or
// nobody does (history.ListControllerRevisions; a caller adopts the
// orphans first, see AdoptOrphanRevisions).
func OwnedRevisions(revisions cache.Lister, owner *object.Object) []*object.Object {
	sel, _ := object.LabelSelectorFrom(owner.Spec()["selector"])
	var out []*object.Object
	for _, r := range revisions.ListNamespace(owner.Meta.Namespace, object.LabelSelector{}) {
		ref, ok := r.Meta.ControllerRef()
		if (!ok || ref.UID == owner.Meta.UID) && sel.Matches(r.Meta.Labels) {
			out = append(out, r)
		}
	}
	return out
}

// AdoptOrphanRevisions is the StatefulSet and DaemonSet controllers'
// adoption of the revisions their selector matches that nobody controls
// (adoptOrphanRevisions, ClaimControllerRevisions): m, whose Kind is
// ControllerRevision, adopts them after its fresh read of the owner.
func AdoptOrphanRevisions(m *RefManager, revisions cache.Lister) error {
	var orphans []*object.Object
	for _, r := range revisions.ListNamespace(m.Owner.Meta.Namespace, object.LabelSelector{}) {
		if _, ok := r.Meta.ControllerRef(); !ok && m.Selector.Matches(r.Meta.Labels) {
			orphans = append(orphans, r)
		}
	}
	if len(orphans) == 0 {
		return nil
	}
	_, err := m.Claim(orphans)
	return err
}
