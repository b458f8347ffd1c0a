package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func (p *NodeRestriction) pod(node string, a *api.AdmissionAttributes) *api.Status {
	switch a.Operation {
	case api.OpCreate:
		return p.mirrorPod(node, a)
	case api.OpDelete:
		if a.OldObject != nil && str(a.OldObject.Spec()["nodeName"]) != node {
			return admissionForbidden(a, fmt.Sprintf("node %q can only delete pods with spec.nodeName set to itself", node))
		}
		return nil
	}
	return admissionForbidden(a, fmt.Sprintf("unexpected operation %q, node %q can only create and delete mirror pods", a.Operation, node))
}

func (p *NodeRestriction) mirrorPod(node string, a *api.AdmissionAttributes) *api.Status {
	pod := a.Object
	if _, ok := pod.Meta.Annotations[mirrorPodAnnotation]; !ok {
		return admissionForbidden(a, fmt.Sprintf("pod does not have %q annotation, node %q can only create mirror pods", mirrorPodAnnotation, node))
	}
	if str(pod.Spec()["nodeName"]) != node {
		return admissionForbidden(a, fmt.Sprintf("node %q can only create pods with spec.nodeName set to itself", node))
	}
	refs := pod.Meta.OwnerReferences
	switch {
	case len(refs) > 1:
		return admissionForbidden(a, fmt.Sprintf("node %q can only create pods with a single owner reference set to itself", node))
	case len(refs) == 0 || refs[0].APIVersion != "v1" || refs[0].Kind != "Node" || refs[0].Name != node:
		return admissionForbidden(a, fmt.Sprintf("node %q can only create pods with an owner reference set to itself", node))
	case refs[0].Controller == nil || !*refs[0].Controller:
		return admissionForbidden(a, fmt.Sprintf("node %q can only create pods with a controller owner reference set to itself", node))
	case refs[0].BlockOwnerDeletion != nil && *refs[0].BlockOwnerDeletion:
		return admissionForbidden(a, fmt.Sprintf("node %q must not set blockOwnerDeletion on an owner reference", node))
	}
	if p.Nodes != nil {
		n := p.Nodes("", node)
		if n == nil {
			return api.NewNotFound(api.GroupResource{Resource: "nodes"}, node)
		}
		if refs[0].UID != n.Meta.UID {
			return admissionForbidden(a, fmt.Sprintf("node %s UID mismatch: expected %s got %s", node, refs[0].UID, n.Meta.UID))
		}
	}
	if resource := apiReference(pod); resource != "" {
		return admissionForbidden(a, fmt.Sprintf("node %q can not create pods that reference %s", node, resource))
	}
	return nil
}

func podStatus(node string, a *api.AdmissionAttributes) *api.Status {
	if a.Operation != api.OpUpdate {
		return admissionForbidden(a, fmt.Sprintf("unexpected operation %q", a.Operation))
	}
	if a.OldObject == nil || str(a.OldObject.Spec()["nodeName"]) != node {
		return admissionForbidden(a, fmt.Sprintf("node %q can only update pod status for pods with spec.nodeName set to itself", node))
	}
	if a.Object != nil && !equalLabels(a.OldObject.Meta.Labels, a.Object.Meta.Labels) {
		return admissionForbidden(a, fmt.Sprintf("node %q cannot update labels through pod status", node))
	}
	return nil
}

func (p *NodeRestriction) eviction(node string, a *api.AdmissionAttributes) *api.Status {
	if a.Operation != api.OpCreate {
		return admissionForbidden(a, fmt.Sprintf("unexpected operation %s", a.Operation))
	}
	name := a.Name
	if name == "" && a.Object != nil {
		name = a.Object.Meta.Name
	}
	if name == "" {
		return admissionForbidden(a, "could not determine pod from request data")
	}
	if p.Pods == nil {
		return nil
	}
	pod := p.Pods(a.Namespace, name)
	if pod == nil {
		return api.NewNotFound(api.GroupResource{Resource: "pods"}, name)
	}
	if str(pod.Spec()["nodeName"]) != node {
		return admissionForbidden(a, fmt.Sprintf("node %s can only evict pods with spec.nodeName set to itself", node))
	}
	return nil
}

// apiReference names the first kind of API object a mirror Pod
// references, as pkg/api/pod/util.go HasAPIObjectReference words it, or
// "" when it references none. Only the references visitPodRefs follows
// are checked.
func apiReference(pod *object.Object) string {
	if str(pod.Spec()["serviceAccountName"]) != "" {
		return "serviceaccounts"
	}
	kinds := map[vertexType]bool{}
	visitPodRefs(pod, func(t vertexType, _ string) bool { kinds[t] = true; return true })
	switch {
	case kinds[secretVertex]:
		return "secrets"
	case kinds[configMapVertex]:
		return "configmaps"
	case kinds[pvcVertex]:
		return "persistentvolumeclaims"
	}
	return ""
}

func equalLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}
