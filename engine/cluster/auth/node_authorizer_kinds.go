package auth

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// serviceAccount allows getting a related ServiceAccount (on by default
// since KubeletServiceAccountTokenForCredentialProviders went beta in 1.34
// and PodCertificateRequest GA in 1.37) and creating tokens for one.
func (n *NodeAuthorizer) serviceAccount(node string, a *api.Attributes) (api.Decision, string) {
	if a.Verb == "get" && a.Subresource == "" {
		return n.readNamespaced(node, serviceAccountVertex, a)
	}
	if a.Verb != "create" || a.Name == "" {
		return api.DecisionNoOpinion, "can only create tokens for individual service accounts"
	}
	if a.Subresource != "token" {
		return api.DecisionNoOpinion, "can only create token subresource of serviceaccount"
	}
	if !related(n.graph, node, serviceAccountVertex, a.Namespace, a.Name) {
		return api.DecisionNoOpinion, noRelationship(node)
	}
	return api.DecisionAllow, ""
}

func (n *NodeAuthorizer) lease(node string, a *api.Attributes) (api.Decision, string) {
	switch a.Verb {
	case "get", "create", "update", "patch", "delete":
	default:
		return api.DecisionNoOpinion, "can only get, create, update, patch, or delete a node lease"
	}
	if a.Namespace != NamespaceNodeLease {
		return api.DecisionNoOpinion, fmt.Sprintf("can only access leases in the %q system namespace", NamespaceNodeLease)
	}
	// The name is unknown on create; NodeRestriction checks it then.
	if a.Verb != "create" && a.Name != node {
		return api.DecisionNoOpinion, "can only access node lease with the same name as the requesting node"
	}
	return api.DecisionAllow, ""
}

func (n *NodeAuthorizer) nodeObject(node string, a *api.Attributes) (api.Decision, string) {
	switch a.Subresource {
	case "":
		switch a.Verb {
		case "create", "update", "patch":
			return api.DecisionAllow, ""
		case "get", "list", "watch":
			switch a.Name {
			case node:
				return api.DecisionAllow, ""
			case "":
				return api.DecisionNoOpinion, fmt.Sprintf("node '%s' cannot read all nodes, only its own Node object", node)
			default:
				return api.DecisionNoOpinion, fmt.Sprintf("node '%s' cannot read '%s', only its own Node object", node, a.Name)
			}
		}
	case "status":
		if a.Verb == "update" || a.Verb == "patch" {
			return api.DecisionAllow, ""
		}
	}
	return api.DecisionNoOpinion, ""
}

func (n *NodeAuthorizer) pod(node string, a *api.Attributes) (api.Decision, string) {
	switch a.Subresource {
	case "":
		switch a.Verb {
		case "get":
			return n.get(node, podVertex, a)
		case "list", "watch":
			if fieldEquals(a.FieldSelector, "spec.nodeName", node) {
				return api.DecisionAllow, ""
			}
			if a.Name != "" {
				return n.relationship(node, podVertex, a)
			}
			return api.DecisionNoOpinion, "can only list/watch pods with spec.nodeName field selector"
		case "create", "delete":
			return api.DecisionAllow, ""
		}
	case "status":
		if a.Verb == "update" || a.Verb == "patch" {
			return api.DecisionAllow, ""
		}
	case "eviction":
		if a.Verb == "create" {
			return api.DecisionAllow, ""
		}
	}
	return api.DecisionNoOpinion, ""
}
