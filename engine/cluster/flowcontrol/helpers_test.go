package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/api"

// Identities as the model's authenticator builds them: every
// authenticated user is in system:authenticated.
func user(name string, groups ...string) *api.UserInfo {
	return &api.UserInfo{Name: name, Groups: append(groups, groupAuthenticated)}
}

func node(name string) *api.UserInfo { return user(api.NodeUsername(name), api.GroupNodes) }

func serviceAccount(ns, name string) *api.UserInfo {
	return user(api.ServiceAccountUsername(ns, name), api.GroupServiceAccounts, api.GroupServiceAccounts+":"+ns)
}

var anonymous = &api.UserInfo{Name: api.UserAnonymous, Groups: []string{api.GroupUnauthenticated}}

// res is a resource request: verb group/resource[/subresource] ns/name.
func res(verb, group, resource, sub, ns, name string) api.RequestInfo {
	return api.RequestInfo{IsResourceRequest: true, Verb: verb, APIGroup: group, APIVersion: "v1",
		Resource: resource, Subresource: sub, Namespace: ns, Name: name}
}

// path is a non-resource request.
func path(verb, p string) api.RequestInfo { return api.RequestInfo{Verb: verb, Path: p} }

// Requests the overload scenario and the tests use.
var (
	nodeLeaseUpdate = res("update", "coordination.k8s.io", "leases", "", "kube-node-lease", "worker-1")
	nodeStatusPatch = res("patch", "", "nodes", "status", "", "worker-1")
	kcmLeaseUpdate  = res("update", "coordination.k8s.io", "leases", "", "kube-system", "kube-controller-manager")
	schedLeaseGet   = res("get", "coordination.k8s.io", "leases", "", "kube-system", "kube-scheduler")
	listPods        = res("list", "", "pods", "", "default", "")
)
