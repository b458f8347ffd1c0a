package auth

import (
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// PolicySet is an in-memory RBACSource: a set of Role, ClusterRole,
// RoleBinding and ClusterRoleBinding objects keyed by kind, namespace and
// name. Every Put or Delete that changes the set advances its revision.
// The zero PolicySet is empty and ready to use.
type PolicySet struct {
	rev  int64
	objs map[policyKey]*object.Object
}

type policyKey struct{ kind, namespace, name string }

// NewPolicySet returns a set holding objs (later objects replace earlier
// ones with the same kind, namespace and name).
func NewPolicySet(objs ...*object.Object) *PolicySet {
	p := &PolicySet{}
	for _, o := range objs {
		p.Put(o)
	}
	return p
}

// Put adds o or replaces the object of the same kind, namespace and name.
// It reports false, and keeps nothing, when o is not one of the four RBAC
// kinds.
func (p *PolicySet) Put(o *object.Object) bool {
	switch o.Kind {
	case "Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding":
	default:
		return false
	}
	if p.objs == nil {
		p.objs = map[policyKey]*object.Object{}
	}
	p.objs[policyKey{o.Kind, o.Meta.Namespace, o.Meta.Name}] = o
	p.rev++
	return true
}

// Delete removes the object of the given kind, namespace ("" for cluster
// objects) and name, and reports whether it was there.
func (p *PolicySet) Delete(kind, namespace, name string) bool {
	k := policyKey{kind, namespace, name}
	if _, ok := p.objs[k]; !ok {
		return false
	}
	delete(p.objs, k)
	p.rev++
	return true
}

// Objects returns every object, ordered by kind, namespace and name.
func (p *PolicySet) Objects() []*object.Object {
	return p.list(func(policyKey) bool { return true })
}

// RBACRevision counts the changes made to the set.
func (p *PolicySet) RBACRevision() int64 { return p.rev }

// ClusterRoles lists the ClusterRoles by name.
func (p *PolicySet) ClusterRoles() []*object.Object { return p.ofKind("ClusterRole", "") }

// ClusterRoleBindings lists the ClusterRoleBindings by name.
func (p *PolicySet) ClusterRoleBindings() []*object.Object {
	return p.ofKind("ClusterRoleBinding", "")
}

// Roles lists the Roles of namespace by name.
func (p *PolicySet) Roles(namespace string) []*object.Object { return p.ofKind("Role", namespace) }

// RoleBindings lists the RoleBindings of namespace by name.
func (p *PolicySet) RoleBindings(namespace string) []*object.Object {
	return p.ofKind("RoleBinding", namespace)
}

func (p *PolicySet) ofKind(kind, namespace string) []*object.Object {
	return p.list(func(k policyKey) bool { return k.kind == kind && k.namespace == namespace })
}

func (p *PolicySet) list(keep func(policyKey) bool) []*object.Object {
	keys := make([]policyKey, 0, len(p.objs))
	for k := range p.objs {
		if keep(k) {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.namespace != b.namespace {
			return a.namespace < b.namespace
		}
		return a.name < b.name
	})
	out := make([]*object.Object, len(keys))
	for i, k := range keys {
		out[i] = p.objs[k]
	}
	return out
}
