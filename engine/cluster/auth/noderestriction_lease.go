package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// leaseWrite lets a node write only its own Lease in kube-node-lease
// (noderestriction/admission.go, admitLease).
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
