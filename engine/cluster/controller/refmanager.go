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
// selects. The ReplicaSet controller keeps its own copy, over rows whose
// label matches it caches (replicaset/claim.go).
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

// canAdopt is RecheckDeletionTimestamp over an uncached read of the
// owner, done once per manager.
func (m *RefManager) canAdopt() error {
	if m.adoptChecked {
		return m.adoptErr
	}
	m.adoptChecked = true
	o := m.Owner
	fresh, err := client.Shared(m.Client.Do(client.GetRequest(m.OwnerKind, o.Meta.Namespace, o.Meta.Name), nil))
	switch {
	case err != nil:
		m.adoptErr = fmt.Errorf("can't recheck DeletionTimestamp: %v", err)
	case fresh.Meta.UID != o.Meta.UID:
		m.adoptErr = fmt.Errorf("can't recheck DeletionTimestamp: original %v %v/%v is gone: got uid %v, wanted %v",
			m.OwnerKind.Kind, o.Meta.Namespace, o.Meta.Name, fresh.Meta.UID, o.Meta.UID)
	case fresh.Meta.DeletionTimestamp != nil:
		m.adoptErr = fmt.Errorf("%v/%v has just been deleted at %v", fresh.Meta.Namespace, fresh.Meta.Name, fresh.Meta.DeletionTimestamp.String())
	}
	return m.adoptErr
}

// adopt patches the owner in as controller, with the object's uid as a
// precondition (ownerRefControllerPatch, a strategic merge patch).
func (m *RefManager) adopt(o *object.Object) error {
	return m.patch(o, map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"apiVersion": m.Owner.APIVersion, "kind": m.Owner.Kind,
			"name": m.Owner.Meta.Name, "uid": m.Owner.Meta.UID, "controller": true, "blockOwnerDeletion": true}},
		"uid": o.Meta.UID,
	}})
}

// release deletes the owner's reference ("$patch": "delete",
// GenerateDeleteOwnerRefStrategicMergeBytes); NotFound and Invalid answers
// mean there is nothing left to release.
func (m *RefManager) release(o *object.Object) error {
	err := m.patch(o, map[string]any{"metadata": map[string]any{
		"ownerReferences": []any{map[string]any{"$patch": "delete", "uid": m.Owner.Meta.UID}},
		"uid":             o.Meta.UID,
	}})
	if api.IsReason(err, api.ReasonNotFound) || api.IsReason(err, api.ReasonInvalid) {
		return nil
	}
	return err
}

// patch sends a strategic merge patch; the answer is not kept.
func (m *RefManager) patch(o *object.Object, p map[string]any) error {
	return m.Client.Do(client.PatchRequest(m.Kind, o.Meta.Namespace, o.Meta.Name, api.StrategicMergePatch, p, api.WriteOptions{}), nil).Err()
}
