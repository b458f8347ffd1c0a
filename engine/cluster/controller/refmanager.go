package controller

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// RefManager is BaseControllerRefManager and its Pod, ReplicaSet and
// ControllerRevision variants (pkg/controller/controller_ref_manager.go):
// it claims for one controller the objects of its namespace that it
// selects. The ReplicaSet controller keeps its own claim loop, over rows
// whose label matches it caches (replicaset/claim.go), with the same
// recheck and patches (RecheckDeletion, AdoptPatch, ReleasePatch).
type RefManager struct {
	// Client writes the adoption and release patches and the fresh read
	// of the owner before the first adoption.
	Client *client.Client
	// Owner is the controller object, of kind OwnerKind.
	Owner     *object.Object
	OwnerKind *object.KindInfo
	// Kind is the kind of the objects claimed.
	Kind *object.KindInfo
	// Selector is the owner's selector; Filter, when not nil, must also
	// accept an object for it to match (StatefulSet's isMemberOf).
	Selector object.LabelSelector
	Filter   func(*object.Object) bool

	adoptChecked bool
	adoptErr     error
}

// Claim is ClaimObject over objs: it keeps the objects the owner controls
// that still match, releases those that no longer do (unless the owner is
// being deleted), and adopts matching orphans that are not being deleted,
// once a fresh read has shown the owner is not being deleted either. It
// returns the claimed objects, and the errors of the others.
func (m *RefManager) Claim(objs []*object.Object) ([]*object.Object, error) {
	var claimed []*object.Object
	var errs []error
	deleting := m.Owner.Meta.DeletionTimestamp != nil
	for _, o := range objs {
		match := m.Selector.Matches(o.Meta.Labels) && (m.Filter == nil || m.Filter(o))
		if ref, ok := o.Meta.ControllerRef(); ok {
			if ref.UID != m.Owner.Meta.UID {
				continue // owned by someone else
			}
			if match {
				claimed = append(claimed, o)
				continue
			}
			if deleting {
				continue
			}
			if err := m.release(o); err != nil && !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		if deleting || !match || o.Meta.DeletionTimestamp != nil || o.Meta.Namespace != m.Owner.Meta.Namespace {
			continue
		}
		if err := m.canAdopt(); err != nil {
			errs = append(errs, fmt.Errorf("can't adopt %s %v/%v (%v): %v", m.Kind.Kind, o.Meta.Namespace, o.Meta.Name, o.Meta.UID, err))
			continue
		}
		if err := m.adopt(o); err != nil {
			if !api.IsReason(err, api.ReasonNotFound) {
				errs = append(errs, err)
			}
			continue
		}
		claimed = append(claimed, o)
	}
	return claimed, api.NewAggregate(errs)
}

// canAdopt is RecheckDeletion, done once per manager.
func (m *RefManager) canAdopt() error {
	if !m.adoptChecked {
		m.adoptChecked = true
		m.adoptErr = RecheckDeletion(m.Client, m.OwnerKind, m.Owner)
	}
	return m.adoptErr
}

// adopt patches the owner in as the object's controller (AdoptPatch).
func (m *RefManager) adopt(o *object.Object) error { return m.patch(o, AdoptPatch(m.Owner, o)) }

// release deletes the owner's reference (ReleasePatch).
func (m *RefManager) release(o *object.Object) error {
	return ReleaseResult(m.patch(o, ReleasePatch(m.Owner, o)))
}

// patch sends a strategic merge patch; the answer is not kept.
func (m *RefManager) patch(o *object.Object, p map[string]any) error {
	return m.Client.Do(client.PatchRequest(m.Kind, o.Meta.Namespace, o.Meta.Name, api.StrategicMergePatch, p, api.WriteOptions{}), nil).Err()
}

// RecheckDeletion is RecheckDeletionTimestamp over an uncached read of
// owner, of kind ownerKind, through c: an owner that is gone, replaced
// or being deleted may not adopt.
func RecheckDeletion(c *client.Client, ownerKind *object.KindInfo, owner *object.Object) error {
	fresh, err := client.Shared(c.Do(client.GetRequest(ownerKind, owner.Meta.Namespace, owner.Meta.Name), nil))
	switch {
	case err != nil:
		return fmt.Errorf("can't recheck DeletionTimestamp: %v", err)
	case fresh.Meta.UID != owner.Meta.UID:
		return fmt.Errorf("can't recheck DeletionTimestamp: original %v %v/%v is gone: got uid %v, wanted %v",
			ownerKind.Kind, owner.Meta.Namespace, owner.Meta.Name, fresh.Meta.UID, owner.Meta.UID)
	case fresh.Meta.DeletionTimestamp != nil:
		return fmt.Errorf("%v/%v has just been deleted at %v", fresh.Meta.Namespace, fresh.Meta.Name, fresh.Meta.DeletionTimestamp.String())
	}
	return nil
}

// AdoptPatch is ownerRefControllerPatch: a strategic merge patch that
// makes owner the controller of o, with o's uid as a precondition.
func AdoptPatch(owner, o *object.Object) map[string]any {
	return map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"apiVersion": owner.APIVersion, "kind": owner.Kind,
			"name": owner.Meta.Name, "uid": owner.Meta.UID, "controller": true, "blockOwnerDeletion": true}},
		"uid": o.Meta.UID,
	}}
}

// ReleasePatch is GenerateDeleteOwnerRefStrategicMergeBytes: a strategic
// merge patch that deletes owner's reference from o ("$patch":
// "delete"), with o's uid as a precondition.
func ReleasePatch(owner, o *object.Object) map[string]any {
	return map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"$patch": "delete", "uid": owner.Meta.UID}},
		"uid":             o.Meta.UID,
	}}
}

// ReleaseResult is the outcome of a release patch: NotFound and Invalid
// answers mean there is nothing left to release.
func ReleaseResult(err error) error {
	if api.IsReason(err, api.ReasonNotFound) || api.IsReason(err, api.ReasonInvalid) {
		return nil
	}
	return err
}
