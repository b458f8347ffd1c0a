package endpointslice

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// finalize writes the plan (reconciler.go, finalize): a slice to create
// and one to delete become one update of the doomed slice when they can
// (same address type, owned by the Service); nothing is created for a
// Service being deleted; then creates, updates and deletes, in that order.
// Every written slice carries the trigger-time annotation.
func (c *Controller) finalize(svc *object.Object, toCreate, toUpdate, toDelete []*slice, trigger time.Time) error {
	for i := 0; i < len(toDelete) && len(toCreate) > 0; {
		del, cr := toDelete[i], toCreate[len(toCreate)-1]
		if del.addressType == cr.addressType && ownedBy(del, svc) {
			cr.name = del.name
			toCreate = toCreate[:len(toCreate)-1]
			toUpdate = append(toUpdate, cr)
			toDelete = append(toDelete[:i], toDelete[i+1:]...)
		} else {
			i++
		}
	}
	ns, name := svc.Meta.Namespace, svc.Meta.Name
	k := c.kinds.slice
	if svc.Meta.DeletionTimestamp == nil {
		for _, s := range toCreate {
			o := s.object(svc)
			setTriggerTime(o, trigger)
			// s.object renders o afresh and it is used no more: handed over.
			created, err := client.Shared(c.client.DoCreateOwning(k, o, api.WriteOptions{}))
			if err != nil {
				if controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
					return nil
				}
				return fmt.Errorf("failed to create EndpointSlice for Service %s/%s: %v", ns, name, err)
			}
			c.tracker.update(created)
		}
	}
	for _, s := range toUpdate {
		o := s.object(svc)
		setTriggerTime(o, trigger)
		updated, err := client.Shared(c.client.Do(client.UpdateRequestOwning(k, o, api.WriteOptions{}), nil))
		if err != nil {
			return fmt.Errorf("failed to update %s EndpointSlice for Service %s/%s: %v", s.name, ns, name, err)
		}
		c.tracker.update(updated)
	}
	for _, s := range toDelete {
		if err := c.deleteSlice(svc, s); err != nil {
			return fmt.Errorf("failed to delete %s EndpointSlice for Service %s/%s: %v", s.name, ns, name, err)
		}
	}
	return nil
}

func (c *Controller) deleteSlice(svc *object.Object, s *slice) error {
	if err := c.client.Do(client.DeleteRequest(c.kinds.slice, svc.Meta.Namespace, s.name, api.DeleteOptions{}), nil).Err(); err != nil {
		return err
	}
	c.tracker.expectDeletion(s.base)
	return nil
}

// setTriggerTime is addTriggerTimeAnnotation: RFC 3339 with nanoseconds,
// or no annotation when there is no new trigger time.
func setTriggerTime(o *object.Object, t time.Time) {
	if o.Meta.Annotations == nil {
		o.Meta.Annotations = map[string]string{}
	}
	if t.IsZero() {
		delete(o.Meta.Annotations, AnnotationTriggerTime)
	} else {
		o.Meta.Annotations[AnnotationTriggerTime] = t.UTC().Format(time.RFC3339Nano)
	}
	if len(o.Meta.Annotations) == 0 {
		o.Meta.Annotations = nil
	}
}
