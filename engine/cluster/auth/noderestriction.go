package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// NodeRestriction is the admission half of the node rules
// (plugin/pkg/admission/noderestriction/admission.go): where the Node
// authorizer lets any node write Nodes, Pods, Pod status and Leases, this
// plugin lets a node write only its own. Requests from anyone but a node
// pass untouched. It implements api.AdmissionPlugin; like Kubernetes'
// plugin it works in the mutating phase and changes nothing.
//
// Modelled: Node create and update (own name only; no taint, ownerReference
// or restricted-label changes), Pod create (mirror Pods only, bound to and
// owned by the node) and delete, Pod status updates and evictions (only
// for Pods bound to the node), Leases (own, in kube-node-lease),
// PersistentVolumeClaims (status only) and ServiceAccount tokens (bound to
// a Pod on the node). Not modelled: CSINodes, ResourceSlices,
// PodCertificateRequests, CertificateSigningRequests, the PVC status
// field diff and the ServiceAccount token audience restriction.
type NodeRestriction struct {
	// Pods finds the Pods evictions and token requests name. Default:
	// those checks pass.
	Pods Getter
	// Nodes finds a node's own Node, whose UID a mirror Pod's owner
	// reference must carry. Default: the UID is not checked.
	Nodes Getter
}

// Name implements api.AdmissionPlugin.
func (p *NodeRestriction) Name() string { return "NodeRestriction" }

// Validate implements api.AdmissionPlugin; NodeRestriction has no
// validating phase.
func (p *NodeRestriction) Validate(*api.AdmissionAttributes) *api.Status { return nil }

// Admit implements api.AdmissionPlugin.
func (p *NodeRestriction) Admit(a *api.AdmissionAttributes) *api.Status {
	node, isNode := NodeIdentity(a.User)
	if !isNode {
		return nil
	}
	if node == "" {
		return admissionForbidden(a, fmt.Sprintf("could not determine node from user %q", a.User.Name))
	}
	switch a.GroupResource() {
	case api.GroupResource{Resource: "pods"}:
		switch a.Subresource {
		case "":
			return p.pod(node, a)
		case "status":
			return podStatus(node, a)
		case "eviction":
			return p.eviction(node, a)
		}
		return admissionForbidden(a, fmt.Sprintf("unexpected pod subresource %q, only 'status' and 'eviction' are allowed", a.Subresource))
	case api.GroupResource{Resource: "nodes"}:
		return nodeWrite(node, a)
	case api.GroupResource{Resource: "persistentvolumeclaims"}:
		if a.Subresource != "status" {
			return admissionForbidden(a, "may only update PVC status")
		}
	case api.GroupResource{Resource: "serviceaccounts"}:
		return p.token(node, a)
	case api.GroupResource{Group: "coordination.k8s.io", Resource: "leases"}:
		return leaseWrite(node, a)
	}
	return nil
}

// admissionForbidden is admission.NewForbidden
// (k8s.io/apiserver/pkg/admission/errors.go): the request's resource
// (without subresource) and name, the name taken from the object when the
// request has none, "Unknown" when neither does.
func admissionForbidden(a *api.AdmissionAttributes, reason string) *api.Status {
	name := a.Name
	if name == "" {
		name = "Unknown"
		if a.Object != nil {
			if a.Object.Meta.Name != "" {
				name = a.Object.Meta.Name
			} else if a.Object.Meta.GenerateName != "" {
				name = a.Object.Meta.GenerateName
			}
		}
	}
	return api.NewForbidden(a.GroupResource(), name, reason)
}

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

func leaseWrite(node string, a *api.AdmissionAttributes) *api.Status {
	if a.Namespace != NamespaceNodeLease {
		return admissionForbidden(a, fmt.Sprintf("can only access leases in the %q system namespace", NamespaceNodeLease))
	}
	name := a.Name
	if a.Operation == api.OpCreate && a.Object != nil {
		// The name of a new Lease is in the object.
		name = a.Object.Meta.Name
	}
	if name != node {
		return admissionForbidden(a, "can only access node lease with the same name as the requesting node")
	}
	return nil
}

// token checks a TokenRequest (the serviceaccounts/token subresource): a
// node may ask only for tokens bound to a Pod scheduled on it.
func (p *NodeRestriction) token(node string, a *api.AdmissionAttributes) *api.Status {
	if a.Operation != api.OpCreate || a.Subresource != "token" || a.Object == nil {
		return nil
	}
	ref := mapAt(a.Object.Spec(), "boundObjectRef")
	if ref == nil || str(ref["apiVersion"]) != "v1" || str(ref["kind"]) != "Pod" || str(ref["name"]) == "" {
		return admissionForbidden(a, "node requested token not bound to a pod")
	}
	if str(ref["uid"]) == "" {
		return admissionForbidden(a, "node requested token with a pod binding without a uid")
	}
	if p.Pods == nil {
		return nil
	}
	pod := p.Pods(a.Namespace, str(ref["name"]))
	if pod == nil {
		return api.NewNotFound(api.GroupResource{Resource: "pods"}, str(ref["name"]))
	}
	if str(ref["uid"]) != pod.Meta.UID {
		return admissionForbidden(a, fmt.Sprintf("the UID in the bound object reference (%s) does not match the UID in record. The object might have been deleted and then recreated", str(ref["uid"])))
	}
	if str(pod.Spec()["nodeName"]) != node {
		return admissionForbidden(a, "node requested token bound to a pod scheduled on a different node")
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
