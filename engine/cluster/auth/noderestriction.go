package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
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
