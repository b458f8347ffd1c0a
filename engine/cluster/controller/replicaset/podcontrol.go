package replicaset

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Event reasons (pkg/controller/controller_utils.go).
const (
	FailedCreatePodReason     = "FailedCreate"
	SuccessfulCreatePodReason = "SuccessfulCreate"
	FailedDeletePodReason     = "FailedDelete"
	SuccessfulDeletePodReason = "SuccessfulDelete"
)

// namespaceTerminatingCause is v1.NamespaceTerminatingCause.
const namespaceTerminatingCause = "NamespaceTerminating"

// podFromTemplate is controller.GetPodFromTemplate: the template's labels,
// annotations, finalizers and spec, generateName "<owner>-", and the
// controller reference. The spec is shared with the template: the client
// copies what it sends.
func podFromTemplate(rs *replicaSet, ref object.OwnerReference) *object.Object {
	meta := object.MapAt(rs.templateTree, "metadata")
	pod := object.New("v1", "Pod")
	pod.Meta.Namespace = rs.obj.Meta.Namespace
	pod.Meta.GenerateName = podsPrefix(rs.obj.Meta.Name)
	pod.Meta.Labels = object.StringMap(meta["labels"])
	pod.Meta.Annotations = object.StringMap(meta["annotations"])
	if fs, ok := meta["finalizers"].([]any); ok {
		for _, f := range fs {
			if s, ok := f.(string); ok {
				pod.Meta.Finalizers = append(pod.Meta.Finalizers, s)
			}
		}
	}
	pod.Meta.OwnerReferences = []object.OwnerReference{ref}
	pod.Content = map[string]any{"spec": rs.templateTree["spec"]}
	return pod
}

// podsPrefix is getPodsPrefix: "<name>-" unless that is not a valid
// generateName, then the name alone.
func podsPrefix(name string) string {
	prefix := name + "-"
	if len(object.IsDNS1123Subdomain(name+"a")) != 0 { // maskTrailingDash
		return name
	}
	return prefix
}

// createPod is RealPodControl.CreatePods: a Pod from the template, a
// SuccessfulCreate Event, or a FailedCreate one.
func (rsc *Controller) createPod(rs *replicaSet) error {
	pod := podFromTemplate(rs, object.NewControllerRef(rs.obj, rs.obj.APIVersion, rs.obj.Kind))
	if len(pod.Meta.Labels) == 0 {
		return errors.New("unable to create pods, no labels")
	}
	created, err := client.Shared(rsc.c.Do(client.CreateRequest(rsc.podKind, pod, api.WriteOptions{}), nil))
	if err != nil {
		if !hasStatusCause(err, namespaceTerminatingCause) {
			rsc.rec.Eventf(rs.obj, record.Warning, FailedCreatePodReason, "Error creating: %v", err)
		}
		return err
	}
	rsc.consistent.wroteAt(rs.key(), rs.obj.Meta.UID, podsResource, created.Meta.ResourceVersion)
	rsc.rec.Eventf(rs.obj, record.Normal, SuccessfulCreatePodReason, "Created pod: %v", created.Meta.Name)
	return nil
}

// deletePodAPI is RealPodControl.DeletePod: a NotFound error is returned
// without an Event; other failures get FailedDelete.
func (rsc *Controller) deletePodAPI(rs *replicaSet, name string) error {
	err := rsc.c.Do(client.DeleteRequest(rsc.podKind, rs.obj.Meta.Namespace, name, api.DeleteOptions{}), nil).Err()
	if err != nil {
		if api.IsReason(err, api.ReasonNotFound) {
			return err
		}
		rsc.rec.Eventf(rs.obj, record.Warning, FailedDeletePodReason, "Error deleting: %v", err)
		return fmt.Errorf("unable to delete pods: %v", err)
	}
	rsc.rec.Eventf(rs.obj, record.Normal, SuccessfulDeletePodReason, "Deleted pod: %v", name)
	return nil
}

// patchPod is RealPodControl.PatchPod, a strategic merge patch; the write
// counts for the consistency check of the Pod's controller.
func (rsc *Controller) patchPod(namespace, name string, patch map[string]any) error {
	pod, err := client.Shared(rsc.c.Do(client.PatchRequest(rsc.podKind, namespace, name, api.StrategicMergePatch, patch, api.WriteOptions{}), nil))
	if err != nil {
		return err
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		rsc.consistent.wroteAt(namespace+"/"+ref.Name, ref.UID, podsResource, pod.Meta.ResourceVersion)
	}
	return nil
}

func hasStatusCause(err error, cause string) bool {
	var st *api.Status
	if !errors.As(err, &st) || st.Details == nil {
		return false
	}
	for _, c := range st.Details.Causes {
		if c.Type == cause {
			return true
		}
	}
	return false
}
