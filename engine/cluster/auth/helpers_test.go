package auth

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// role builds a Role (namespace set) or ClusterRole with rules.
func role(namespace, name string, rules ...PolicyRule) *object.Object {
	kind := "ClusterRole"
	if namespace != "" {
		kind = "Role"
	}
	o := object.New(rbacAPIVersion, kind)
	o.Meta = object.Meta{Name: name, Namespace: namespace}
	list := make([]any, len(rules))
	for i, r := range rules {
		list[i] = r.Value()
	}
	o.Content["rules"] = list
	return o
}

// binding builds a RoleBinding (namespace set) or ClusterRoleBinding.
func binding(namespace, name, roleKind, roleName string, subjects ...Subject) *object.Object {
	kind := "ClusterRoleBinding"
	if namespace != "" {
		kind = "RoleBinding"
	}
	o := object.New(rbacAPIVersion, kind)
	o.Meta = object.Meta{Name: name, Namespace: namespace}
	o.Content["roleRef"] = map[string]any{"apiGroup": RBACGroup, "kind": roleKind, "name": roleName}
	list := make([]any, len(subjects))
	for i, s := range subjects {
		list[i] = s.Value()
	}
	o.Content["subjects"] = list
	return o
}

func user(name string) Subject  { return Subject{Kind: KindUser, APIGroup: RBACGroup, Name: name} }
func group(name string) Subject { return Subject{Kind: KindGroup, APIGroup: RBACGroup, Name: name} }
func sa(namespace, name string) Subject {
	return Subject{Kind: KindServiceAccount, Namespace: namespace, Name: name}
}

// who is an authenticated identity, as the authenticator would return it.
func who(name string, groups ...string) *api.UserInfo {
	return withAuthenticated(&api.UserInfo{Name: name, Groups: append([]string(nil), groups...)})
}

func saUser(namespace, name string) *api.UserInfo {
	return who(api.ServiceAccountUsername(namespace, name), api.GroupServiceAccounts, api.GroupServiceAccounts+":"+namespace)
}

func nodeUser(node string) *api.UserInfo { return who(api.NodeUsername(node), api.GroupNodes) }

// request builds the attributes of METHOD PATH as the API server parses
// them; fieldSelector and watch apply to list and watch.
func request(u *api.UserInfo, method, path, fieldSelector string, watch bool) api.Attributes {
	req := &api.Request{Method: method, Path: path,
		List: api.ListOptions{FieldSelector: fieldSelector, Watch: watch}}
	return api.Attributes{User: u, RequestInfo: api.ParseRequestInfo(req)}
}

// pod builds a Pod bound to node with the given spec fields merged in.
func pod(namespace, name, node string, spec map[string]any) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta = object.Meta{Name: name, Namespace: namespace, UID: "uid-" + name}
	s := map[string]any{"nodeName": node}
	for k, v := range spec {
		s[k] = v
	}
	o.Content["spec"] = s
	return o
}

// podsByNode is a NodeGraph over a fixed list of Pods.
type podsByNode []*object.Object

func (p podsByNode) PodsOnNode(node string) []*object.Object {
	var out []*object.Object
	for _, o := range p {
		if str(o.Spec()["nodeName"]) == node {
			out = append(out, o)
		}
	}
	return out
}
