package controller

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Event reasons of Pod writes (pkg/controller/controller_utils.go).
const (
	FailedCreatePodReason     = "FailedCreate"
	SuccessfulCreatePodReason = "SuccessfulCreate"
	FailedDeletePodReason     = "FailedDelete"
	SuccessfulDeletePodReason = "SuccessfulDelete"
)

// NamespaceTerminatingCause is v1.NamespaceTerminatingCause, the cause of
// a create refused in a namespace being deleted.
const NamespaceTerminatingCause = "NamespaceTerminating"

// PodControl is RealPodControl (pkg/controller/controller_utils.go): the
// Pod writes of one controller, with the Events they record on the owner.
type PodControl struct {
	Client   *client.Client
	Recorder *record.Recorder
	PodKind  *object.KindInfo
}

// CreatePod is CreatePods: pod, then a SuccessfulCreate Event on owner,
// or a FailedCreate one (none when the namespace is terminating). The
// created Pod is shared: never to be modified.
func (pc PodControl) CreatePod(owner, pod *object.Object) (*object.Object, error) {
	if len(pod.Meta.Labels) == 0 {
		return nil, errors.New("unable to create pods, no labels")
	}
	created, err := client.Shared(pc.Client.Do(client.CreateRequest(pc.PodKind, pod, api.WriteOptions{}), nil))
	if err != nil {
		if !HasStatusCause(err, NamespaceTerminatingCause) {
			pc.Recorder.Eventf(owner, record.Warning, FailedCreatePodReason, "Error creating: %v", err)
		}
		return nil, err
	}
	pc.Recorder.Eventf(owner, record.Normal, SuccessfulCreatePodReason, "Created pod: %v", created.Meta.Name)
	return created, nil
}

// DeletePod is DeletePod: a NotFound error is returned without an Event;
// other failures get FailedDelete, success SuccessfulDelete.
func (pc PodControl) DeletePod(owner *object.Object, namespace, name string) error {
	err := pc.Client.Do(client.DeleteRequest(pc.PodKind, namespace, name, api.DeleteOptions{}), nil).Err()
	if err != nil {
		if api.IsReason(err, api.ReasonNotFound) {
			return err
		}
		pc.Recorder.Eventf(owner, record.Warning, FailedDeletePodReason, "Error deleting: %v", err)
		return fmt.Errorf("unable to delete pods: %v", err)
	}
	pc.Recorder.Eventf(owner, record.Normal, SuccessfulDeletePodReason, "Deleted pod: %v", name)
	return nil
}

// PatchPod is PatchPod: a strategic merge patch. The patched Pod is
// shared: never to be modified.
func (pc PodControl) PatchPod(namespace, name string, patch map[string]any) (*object.Object, error) {
	return client.Shared(pc.Client.Do(client.PatchRequest(pc.PodKind, namespace, name, api.StrategicMergePatch, patch, api.WriteOptions{}), nil))
}

// PodFromTemplate is GetPodFromTemplate: the template's labels,
// annotations, finalizers and spec, in owner's namespace, generateName
// "<owner>-", and the controller reference ref. The spec is shared with
// the template: the client copies what it sends.
func PodFromTemplate(tpl map[string]any, owner *object.Object, ref object.OwnerReference) *object.Object {
	meta := object.MapAt(tpl, "metadata")
	pod := object.New("v1", "Pod")
	pod.Meta.Namespace = owner.Meta.Namespace
	pod.Meta.GenerateName = PodsPrefix(owner.Meta.Name)
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
	pod.Content = map[string]any{"spec": tpl["spec"]}
	return pod
}

// PodsPrefix is getPodsPrefix: "<name>-" unless that is not a valid
// generateName, then the name alone.
func PodsPrefix(name string) string {
	if len(object.IsDNS1123Subdomain(name+"a")) != 0 { // maskTrailingDash
		return name
	}
	return name + "-"
}

// HasStatusCause is apierrors.HasStatusCause: err is an API status with a
// cause of that type.
func HasStatusCause(err error, cause string) bool {
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
