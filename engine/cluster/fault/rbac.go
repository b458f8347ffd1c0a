package fault

import (
	"fmt"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// breakRBAC deletes, as the admin, the RoleBindings and
// ClusterRoleBindings whose subjects name the user, or, when none does,
// those naming one of the user's fixture groups. It remembers them.
func breakRBAC(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	bindings, err := bindingsOf(c, f.Target)
	if err != nil {
		return "", err
	}
	if len(bindings) == 0 {
		return "", fmt.Errorf("no RoleBinding or ClusterRoleBinding names user %q or its groups", f.Target)
	}
	for _, b := range bindings {
		k, _ := c.Env().Kinds.For(b)
		if _, err := c.Admin().Delete(k, b.Meta.Namespace, b.Meta.Name, api.DeleteOptions{}); err != nil {
			return "", err
		}
	}
	c.Remember(key(f), bindings)
	return trace.Actor(f.Target), nil
}

// restoreRBAC creates the deleted bindings again, as they were.
func restoreRBAC(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	v, ok := c.Recall(key(f))
	if !ok {
		return "", fmt.Errorf("not applied")
	}
	for _, b := range v.([]*object.Object) {
		o := b.DeepCopy()
		o.Meta = object.Meta{Name: b.Meta.Name, Namespace: b.Meta.Namespace, Labels: b.Meta.Labels, Annotations: b.Meta.Annotations}
		k, _ := c.Env().Kinds.For(o)
		if _, err := c.Admin().Create(k, o, api.WriteOptions{}); err != nil {
			return "", err
		}
	}
	return trace.Actor(f.Target), nil
}

// bindingsOf lists the bindings naming user, else its groups, in list
// order (RoleBindings, then ClusterRoleBindings).
func bindingsOf(c *cluster.Cluster, user string) ([]*object.Object, error) {
	var all []*object.Object
	for _, kind := range []string{"RoleBinding", "ClusterRoleBinding"} {
		l, err := c.Admin().List(c.Env().Kind(auth.RBACGroup, kind), "", api.ListOptions{})
		if err != nil {
			return nil, err
		}
		all = append(all, l.Items...)
	}
	pick := func(match func(auth.Subject) bool) []*object.Object {
		var out []*object.Object
		for _, b := range all {
			if slices.ContainsFunc(auth.SubjectsOf(b), match) {
				out = append(out, b)
			}
		}
		return out
	}
	if out := pick(func(s auth.Subject) bool { return s.Kind == auth.KindUser && s.Name == user }); len(out) > 0 {
		return out, nil
	}
	groups := c.UserGroups(user)
	return pick(func(s auth.Subject) bool { return s.Kind == auth.KindGroup && slices.Contains(groups, s.Name) }), nil
}
