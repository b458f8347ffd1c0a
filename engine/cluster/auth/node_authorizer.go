package auth

import (
	"fmt"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// NodeAuthorizer is the Node authorizer
// (plugin/pkg/auth/authorizer/node/node_authorizer.go, Kubernetes v1.37,
// with AuthorizeNodeWithSelectors locked on since 1.34). It has an opinion
// only on requests from nodes (see NodeIdentity):
//
//   - Secrets, ConfigMaps, PersistentVolumeClaims, PersistentVolumes and
//     ServiceAccounts may be read only when related to the node through a
//     Pod bound to it; anything else is "no relationship found between
//     node 'NAME' and this object".
//   - A node may get, list and watch only its own Node object; it may
//     create, update and patch Node objects and node status (NodeRestriction
//     admission then limits it to its own).
//   - Pods: get only those bound to it; list and watch only with the field
//     selector spec.nodeName=NAME; create and delete (mirror Pods), update
//     and patch status, create evictions (NodeRestriction checks the Pod).
//   - Leases: only its own, in kube-node-lease.
//   - Everything else is evaluated against the system:node rules
//     (NodeRules).
//
// A request the Node authorizer does not allow gets no opinion, never a
// denial, so RBAC is asked next; its reason ends the 403's message.
type NodeAuthorizer struct {
	graph NodeGraph
	rules []PolicyRule
}

// NewNodeAuthorizer returns the Node authorizer over graph.
func NewNodeAuthorizer(graph NodeGraph) *NodeAuthorizer {
	return &NodeAuthorizer{graph: graph, rules: sharedNodeRules()}
}

// sharedNodeRules are NodeRules built once per process: every API server
// of every run has a Node authorizer, which only reads them.
var sharedNodeRules = sync.OnceValue(NodeRules)

// NamespaceNodeLease is where node Leases live
// (k8s.io/api/core/v1, NamespaceNodeLease).
const NamespaceNodeLease = "kube-node-lease"

// Authorize implements api.Authorizer.
func (n *NodeAuthorizer) Authorize(a api.Attributes) (api.Decision, string) {
	node, isNode := NodeIdentity(a.User)
	if !isNode {
		return api.DecisionNoOpinion, ""
	}
	if node == "" {
		return api.DecisionNoOpinion, fmt.Sprintf("unknown node for user %q", a.User.Name)
	}
	if a.IsResourceRequest {
		switch a.GroupResource() {
		case api.GroupResource{Resource: "secrets"}:
			return n.readNamespaced(node, secretVertex, &a)
		case api.GroupResource{Resource: "configmaps"}:
			return n.readNamespaced(node, configMapVertex, &a)
		case api.GroupResource{Resource: "persistentvolumeclaims"}:
			if a.Subresource == "status" {
				return n.statusUpdate(node, pvcVertex, &a)
			}
			return n.get(node, pvcVertex, &a)
		case api.GroupResource{Resource: "persistentvolumes"}:
			return n.get(node, pvVertex, &a)
		case api.GroupResource{Group: "resource.k8s.io", Resource: "resourceclaims"},
			api.GroupResource{Group: "storage.k8s.io", Resource: "volumeattachments"}:
			return n.get(node, otherVertex, &a)
		case api.GroupResource{Resource: "serviceaccounts"}:
			return n.serviceAccount(node, &a)
		case api.GroupResource{Group: "coordination.k8s.io", Resource: "leases"}:
			return n.lease(node, &a)
		case api.GroupResource{Resource: "nodes"}:
			return n.nodeObject(node, &a)
		case api.GroupResource{Resource: "pods"}:
			return n.pod(node, &a)
		}
	}
	for i := range n.rules {
		if n.rules[i].Allows(&a) {
			return api.DecisionAllow, ""
		}
	}
	return api.DecisionNoOpinion, ""
}

func (n *NodeAuthorizer) statusUpdate(node string, t vertexType, a *api.Attributes) (api.Decision, string) {
	if a.Verb != "update" && a.Verb != "patch" {
		return api.DecisionNoOpinion, "can only get/update/patch this type"
	}
	return n.relationship(node, t, a)
}

func (n *NodeAuthorizer) get(node string, t vertexType, a *api.Attributes) (api.Decision, string) {
	if a.Verb != "get" {
		return api.DecisionNoOpinion, "can only get individual resources of this type"
	}
	if a.Subresource != "" {
		return api.DecisionNoOpinion, "cannot get subresource"
	}
	return n.relationship(node, t, a)
}

func (n *NodeAuthorizer) readNamespaced(node string, t vertexType, a *api.Attributes) (api.Decision, string) {
	switch a.Verb {
	case "get", "list", "watch":
	default:
		return api.DecisionNoOpinion, "can only read resources of this type"
	}
	if a.Subresource != "" {
		return api.DecisionNoOpinion, "cannot read subresource"
	}
	if a.Namespace == "" {
		return api.DecisionNoOpinion, "can only read namespaced object of this type"
	}
	return n.relationship(node, t, a)
}

// relationship allows a named object related to node.
func (n *NodeAuthorizer) relationship(node string, t vertexType, a *api.Attributes) (api.Decision, string) {
	if a.Name == "" {
		return api.DecisionNoOpinion, "No Object name found"
	}
	if !related(n.graph, node, t, a.Namespace, a.Name) {
		return api.DecisionNoOpinion, noRelationship(node)
	}
	return api.DecisionAllow, ""
}

func noRelationship(node string) string {
	return fmt.Sprintf("no relationship found between node '%s' and this object", node)
}
