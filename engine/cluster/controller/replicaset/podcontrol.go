package replicaset

import (
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Event reasons (pkg/controller/controller_utils.go).
const (
	FailedCreatePodReason     = controller.FailedCreatePodReason
	SuccessfulCreatePodReason = controller.SuccessfulCreatePodReason
	FailedDeletePodReason     = controller.FailedDeletePodReason
	SuccessfulDeletePodReason = controller.SuccessfulDeletePodReason
)

// createPod is RealPodControl.CreatePods of a Pod from the template; the
// write counts for the consistency check.
func (rsc *Controller) createPod(rs *replicaSet) error {
	created, err := rsc.podControl().CreatePod(rs.obj, controller.PodFromTemplate(rs.templateTree, rs.obj, object.NewControllerRef(rs.obj, rs.obj.APIVersion, rs.obj.Kind)))
	if err != nil {
		return err
	}
	rsc.consistent.wroteAt(rs.key(), rs.obj.Meta.UID, podsResource, created.Meta.ResourceVersion)
	return nil
}

// podControl is the controller's RealPodControl.
func (rsc *Controller) podControl() controller.PodControl {
	return controller.PodControl{Client: rsc.Client, Recorder: rsc.Recorder, PodKind: rsc.podKind}
}

// deletePodAPI is RealPodControl.DeletePod.
func (rsc *Controller) deletePodAPI(rs *replicaSet, name string) error {
	return rsc.podControl().DeletePod(rs.obj, rs.obj.Meta.Namespace, name)
}

// patchPod is RealPodControl.PatchPod, a strategic merge patch; the write
// counts for the consistency check of the Pod's controller.
func (rsc *Controller) patchPod(namespace, name string, patch map[string]any) error {
	pod, err := rsc.podControl().PatchPod(namespace, name, patch)
	if err != nil {
		return err
	}
	if ref, ok := pod.Meta.ControllerRef(); ok {
		rsc.consistent.wroteAt(namespace+"/"+ref.Name, ref.UID, podsResource, pod.Meta.ResourceVersion)
	}
	return nil
}
