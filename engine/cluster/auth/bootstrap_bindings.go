package auth

import "github.com/loopbook/loopbook/engine/cluster/api"

// bindingSpec is a bootstrap ClusterRoleBinding of the ClusterRole with
// the same name.
type bindingSpec struct {
	name     string
	subjects []Subject
}

func groups(names ...string) []Subject {
	out := make([]Subject, len(names))
	for i, n := range names {
		out[i] = Subject{Kind: KindGroup, APIGroup: RBACGroup, Name: n}
	}
	return out
}

func users(names ...string) []Subject {
	out := make([]Subject, len(names))
	for i, n := range names {
		out[i] = Subject{Kind: KindUser, APIGroup: RBACGroup, Name: n}
	}
	return out
}

// clusterRoleBindings are bootstrappolicy/policy.go's
// ClusterRoleBindings, in order, less system:kube-dns (the model runs no
// DNS). system:node is bound to nobody: nodes are authorized by the Node
// authorizer, and the binding to system:nodes that Kubernetes 1.7
// deprecated is kept only as an empty shell.
func clusterRoleBindings() []bindingSpec {
	return []bindingSpec{
		{"cluster-admin", groups(api.GroupMasters)},
		{"system:monitoring", groups(GroupMonitoring)},
		{"system:discovery", groups(api.GroupAuthenticated)},
		{"system:basic-user", groups(api.GroupAuthenticated)},
		{"system:public-info-viewer", groups(api.GroupAuthenticated, api.GroupUnauthenticated)},
		{"system:node-proxier", users(UserKubeProxy)},
		{"system:kube-controller-manager", users(UserKubeControllerManager)},
		{"system:kube-scheduler", users(UserKubeScheduler)},
		{"system:volume-scheduler", users(UserKubeScheduler)},
		{"system:node", nil},
		{"system:service-account-issuer-discovery", groups(api.GroupServiceAccounts)},
	}
}

// controllerRoleBindings bind each controller role to its ServiceAccount
// in kube-system (controller_policy.go, addControllerRole).
func controllerRoleBindings() []bindingSpec {
	roles := controllerRoles()
	out := make([]bindingSpec, len(roles))
	for i, r := range roles {
		sa := r.name[len(ControllerRolePrefix):]
		out[i] = bindingSpec{r.name, []Subject{{Kind: KindServiceAccount, Namespace: "kube-system", Name: sa}}}
	}
	return out
}
