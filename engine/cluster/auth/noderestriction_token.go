package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

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
