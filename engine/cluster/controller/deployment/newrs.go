package deployment

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// getNewReplicaSet is sync.go's: the ReplicaSet whose template is the
// Deployment's, its annotations and minReadySeconds synced and the
// Deployment's revision set from it; or, when create is true and there
// is none, a new one, created with the replicas the strategy allows.
func (dc *Controller) getNewReplicaSet(d *deployment, rsList, oldRSs []*replicaSet, create bool) (*replicaSet, error) {
	existing := findNewReplicaSet(d, rsList)
	newRevision := strconv.FormatInt(maxRevision(oldRSs)+1, 10)
	now := dc.loop.Now().Wall()

	if existing != nil {
		ann := cloneAnnotations(existing.obj.Meta.Annotations)
		annotationsUpdated := setNewReplicaSetAnnotations(d, ann, newRevision, true)
		if annotationsUpdated || existing.minReadySeconds != d.minReadySeconds {
			updated, err := client.Shared(dc.Client.Do(client.UpdateRequest(dc.rsKind, existing.with(ann, existing.replicas, d.minReadySeconds), api.WriteOptions{}), nil))
			if err != nil {
				return nil, err
			}
			return decodeReplicaSet(updated), nil
		}
		needsUpdate := setDeploymentRevision(d, ann[RevisionAnnotation])
		// "If no other Progressing condition has been recorded and we need
		// to estimate the progress of this deployment then it is likely
		// that old users started caring about progress."
		if d.hasProgressDeadline() && getCondition(d.status, Progressing) == nil {
			setCondition(&d.status, newCondition(Progressing, "True", FoundNewRSReason,
				fmt.Sprintf("Found new replica set %q", existing.name()), now))
			needsUpdate = true
		}
		if needsUpdate {
			if err := dc.writeStatus(d); err != nil {
				return nil, err
			}
		}
		return existing, nil
	}
	if !create {
		return nil, nil
	}

	hash := controller.ComputeHash(d.template, d.status.CollisionCount)
	newRS := dc.newReplicaSetObject(d, hash)
	candidate := decodeReplicaSet(newRS)
	count, err := newRSNewReplicas(d, append(append([]*replicaSet{}, oldRSs...), candidate), candidate)
	if err != nil {
		return nil, err
	}
	object.MapAt(newRS.Content, "spec")["replicas"] = int64(count)
	newRS.Meta.Annotations = map[string]string{}
	setNewReplicaSetAnnotations(d, newRS.Meta.Annotations, newRevision, false)

	// newReplicaSetObject built newRS's content afresh (the template and
	// selector are copies), and neither newRS nor candidate is read
	// again: it is handed over.
	name := newRS.Meta.Name
	created, err := client.Shared(dc.Client.DoCreateOwning(dc.rsKind, newRS, api.WriteOptions{}))
	alreadyExists := false
	switch {
	case api.IsReason(err, api.ReasonAlreadyExists):
		// "We may end up hitting this due to a slow cache or a fast resync
		// of the Deployment."
		alreadyExists = true
		cached, ok := dc.rsInf.Lister().Get(d.namespace(), name)
		if !ok {
			return nil, api.NewNotFound(api.GroupResource{Group: "apps", Resource: "replicaset"}, name)
		}
		if ref, ok := cached.Meta.ControllerRef(); ok && ref.UID == d.obj.Meta.UID &&
			EqualIgnoreHash(d.template, object.MapAt(cached.Content, "spec", "template")) {
			created, err = cached, nil
			break
		}
		// A hash collision: bump collisionCount and try again next sync.
		n := int32(1)
		if d.status.CollisionCount != nil {
			n = *d.status.CollisionCount + 1
		}
		d.status.CollisionCount = &n
		_ = dc.writeStatus(d)
		return nil, err
	case controller.HasStatusCause(err, controller.NamespaceTerminatingCause):
		return nil, err
	case err != nil:
		msg := fmt.Sprintf("Failed to create new replica set %q: %v", name, err)
		if d.hasProgressDeadline() {
			setCondition(&d.status, newCondition(Progressing, "False", FailedRSCreateReason, msg, now))
			_ = dc.writeStatus(d)
		}
		dc.Recorder.Event(d.obj, record.Warning, FailedRSCreateReason, msg)
		return nil, err
	}
	if !alreadyExists && count > 0 {
		dc.Recorder.Eventf(d.obj, record.Normal, "ScalingReplicaSet", "Scaled up replica set %s from 0 to %d", created.Meta.Name, count)
	}
	needsUpdate := setDeploymentRevision(d, newRevision)
	if !alreadyExists && d.hasProgressDeadline() {
		setCondition(&d.status, newCondition(Progressing, "True", NewReplicaSetReason,
			fmt.Sprintf("Created new replica set %q", created.Meta.Name), now))
		needsUpdate = true
	}
	if needsUpdate {
		err = dc.writeStatus(d)
	}
	return decodeReplicaSet(created), err
}

// newReplicaSetObject builds the new ReplicaSet: named by
// generateReplicaSetName, controlled by the Deployment, the hash label on
// its labels, selector and template, 0 replicas for now.
func (dc *Controller) newReplicaSetObject(d *deployment, hash string) *object.Object {
	template, _ := object.DeepCopyValue(d.template).(map[string]any)
	tmeta := object.MapAt(template, "metadata")
	if tmeta == nil {
		tmeta = map[string]any{}
		template["metadata"] = tmeta
	}
	labels := maps.Clone(object.MapAt(tmeta, "labels"))
	if labels == nil {
		labels = map[string]any{}
	}
	labels[DefaultDeploymentUniqueLabelKey] = hash
	tmeta["labels"] = labels

	selector, _ := object.DeepCopyValue(object.MapAt(d.obj.Content, "spec")["selector"]).(map[string]any)
	if selector == nil {
		selector = map[string]any{}
	}
	ml := object.MapAt(selector, "matchLabels")
	if ml == nil {
		ml = map[string]any{}
		selector["matchLabels"] = ml
	}
	ml[DefaultDeploymentUniqueLabelKey] = hash

	rs := object.New("apps/v1", "ReplicaSet")
	rs.Meta.Name = generateReplicaSetName(d.name(), hash)
	rs.Meta.Namespace = d.namespace()
	rs.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(d.obj, d.obj.APIVersion, d.obj.Kind)}
	rs.Meta.Labels = object.StringMap(labels)
	spec := map[string]any{"replicas": int64(0), "selector": selector, "template": template}
	if d.minReadySeconds != 0 {
		spec["minReadySeconds"] = int64(d.minReadySeconds)
	}
	rs.Content = map[string]any{"spec": spec}
	return rs
}

// generateReplicaSetName is sync.go's: "<deployment>-<hash>", the
// Deployment's name cut so that the whole fits 253 characters.
func generateReplicaSetName(name, hash string) string {
	const dns1123SubdomainMaxLength = 253
	maxName := dns1123SubdomainMaxLength - len("-") - len(hash)
	if len(name) > maxName && maxName > 0 {
		return name[:maxName] + "-" + hash
	}
	return name + "-" + hash
}
