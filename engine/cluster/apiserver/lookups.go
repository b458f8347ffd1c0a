package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/admission"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// lookups is how the authenticator, the authorizers and the admission
// plugins read the cluster's objects: from the watch caches, as
// kube-apiserver's plugins read informer caches, so they keep working
// while etcd is unreachable. Every replica's caches hold the same state
// (they follow one store, at once), so the first replica with the cache
// loaded answers; without one, the store does. It implements
// auth.RBACSource, auth.NodeGraph, auth.PVCGetter, admission.Namespaces,
// admission.ServiceAccounts and admission.WebhookConfigs.
type lookups struct {
	p     *Plane
	nodes *nodeIndex
	hooks webhookMemo
	// rbacCaches and hookCaches are the caches the RBAC authorizer and
	// the webhook plugins read on every request.
	rbacCaches, hookCaches cacheSet
	// quotaCaches is the cache of ResourceQuotas, which the ResourceQuota
	// plugin asks about on every namespaced create.
	quotaCaches cacheSet
	// namespaces, serviceAccounts and pods are the caches of the objects
	// admission and authentication look up by name most often:
	// NamespaceLifecycle on every namespaced write, the ServiceAccount
	// plugin on every Pod create, bound tokens on every request of a
	// Pod's ServiceAccount.
	namespaces, serviceAccounts, pods builtinCache
}

// builtinCache is the cache of one built-in resource as lookups last found
// it, and its kind: a built-in kind stays registered, so only the cache
// is looked up again, when the plane's caches may have changed.
type builtinCache struct {
	set  cacheSet
	kind *object.KindInfo
	last lastLookup
}

// lastLookup is the last object a builtinCache looked up, and the cache
// and its revision then: the same name asked again of a cache at the same
// revision is the same object (or none), and NamespaceLifecycle asks for
// one namespace write after write.
type lastLookup struct {
	c               *watchcache.Cacher
	rev             int64
	namespace, name string
	o               *object.Object
}

// cacheSet is the caches of some resources of one group as lookups last
// found them, and the plane's cache epoch then: they are looked up again
// only once the plane's caches may have changed.
type cacheSet struct {
	epoch  uint64
	looked bool
	caches []*watchcache.Cacher // nil for a resource with no cache loaded
}

// loaded returns the loaded caches of group's resources, in their order,
// nil for one with none loaded (see cacheSet).
func (l *lookups) loaded(s *cacheSet, group string, resources []string) []*watchcache.Cacher {
	if !s.looked || s.epoch != l.p.cacheEpoch {
		s.looked, s.epoch = true, l.p.cacheEpoch
		s.caches = s.caches[:0]
		for _, r := range resources {
			s.caches = append(s.caches, l.cache(group, r))
		}
	}
	return s.caches
}

// rbacResources are the resources of the RBAC group.
var rbacResources = []string{"roles", "rolebindings", "clusterroles", "clusterrolebindings"}

// The webhook configurations' group and resources.
const webhookGroup = "admissionregistration.k8s.io"

var webhookResources = []string{"mutatingwebhookconfigurations", "validatingwebhookconfigurations"}

// webhookMemo is the webhook configurations last listed, with the caches
// and the revisions they were listed at: the admission plugins ask for
// them on every write, and they seldom change.
type webhookMemo struct {
	mc, vc          *watchcache.Cacher
	mrev, vrev      int64
	mutating, valid []*object.Object
}

var (
	_ admission.Namespaces      = (*lookups)(nil)
	_ admission.ServiceAccounts = (*lookups)(nil)
	_ admission.WebhookConfigs  = (*lookups)(nil)
)

// cache returns a loaded watch cache of group/resource, or nil.
func (l *lookups) cache(group, resource string) *watchcache.Cacher {
	for _, s := range l.p.servers {
		if c := s.caches[cacheKey{group, resource}]; s.up && c != nil && c.ready {
			return c.c
		}
	}
	return nil
}

func (l *lookups) kind(group, resource string) *object.KindInfo {
	k, _ := l.p.cfg.Registry.ByResource(group, resource)
	return k
}

// get returns namespace/name of group/resource, or nil.
func (l *lookups) get(group, resource, namespace, name string) *object.Object {
	k := l.kind(group, resource)
	if k == nil {
		return nil
	}
	if c := l.cache(group, resource); c != nil {
		o, _ := l.p.prefixes.cachedObject(c, k, namespace, name)
		return o
	}
	kv, ok, err := l.p.cfg.Store.Get(l.p.prefixes.objectKey(k, namespace, name))
	if err != nil || !ok {
		return nil
	}
	return kv.Value
}

// list returns the objects of group/resource in namespace ("" for all or
// cluster-scoped), in key order.
func (l *lookups) list(group, resource, namespace string) []*object.Object {
	k := l.kind(group, resource)
	if k == nil {
		return nil
	}
	pred := &watchcache.Predicate{Prefix: l.p.prefixes.namespace(k, namespace)}
	var out []*object.Object
	if c := l.cache(group, resource); c != nil {
		c.List(pred, func(_ string, o *object.Object) bool { out = append(out, o); return true })
		return out
	}
	res, err := l.p.cfg.Store.RangePrefix(pred.Prefix, store.RangeOptions{})
	if err != nil {
		return nil
	}
	for _, kv := range res.KVs {
		out = append(out, kv.Value)
	}
	return out
}

const rbacGroup = "rbac.authorization.k8s.io"

// RBACRevision moves whenever an RBAC object may have changed: the newest
// revision the four RBAC caches have seen.
func (l *lookups) RBACRevision() int64 {
	var rev int64
	for _, c := range l.loaded(&l.rbacCaches, rbacGroup, rbacResources) {
		if c == nil {
			return l.p.cfg.Store.Rev()
		}
		rev = max(rev, c.Revision())
	}
	return rev
}

// ClusterRoles, ClusterRoleBindings, Roles and RoleBindings are
// auth.RBACSource.
func (l *lookups) ClusterRoles() []*object.Object { return l.list(rbacGroup, "clusterroles", "") }

func (l *lookups) ClusterRoleBindings() []*object.Object {
	return l.list(rbacGroup, "clusterrolebindings", "")
}

func (l *lookups) Roles(namespace string) []*object.Object {
	return l.list(rbacGroup, "roles", namespace)
}

func (l *lookups) RoleBindings(namespace string) []*object.Object {
	return l.list(rbacGroup, "rolebindings", namespace)
}

// Namespace is admission.Namespaces.
func (l *lookups) Namespace(name string) *object.Object {
	return l.getBuiltin(&l.namespaces, namespaceResources, "", name)
}

// The resources of the built-in caches lookups keeps, each alone in the
// list cacheSet takes.
var (
	namespaceResources      = []string{"namespaces"}
	serviceAccountResources = []string{"serviceaccounts"}
	podResources            = []string{"pods"}
	quotaResources          = []string{"resourcequotas"}
)

// getBuiltin is get for the core-group resource of resources (one) through
// b: the same answer without looking up the kind and the cache by name.
func (l *lookups) getBuiltin(b *builtinCache, resources []string, namespace, name string) *object.Object {
	c := l.loaded(&b.set, "", resources)[0]
	if c == nil {
		return l.get("", resources[0], namespace, name)
	}
	if b.kind == nil {
		if b.kind = l.kind("", resources[0]); b.kind == nil {
			return nil
		}
	}
	if m := &b.last; m.c == c && m.rev == c.Revision() && m.name == name && m.namespace == namespace {
		return m.o
	}
	o, _ := l.p.prefixes.cachedObject(c, b.kind, namespace, name)
	b.last = lastLookup{c: c, rev: c.Revision(), namespace: namespace, name: name, o: o}
	return o
}

// IngressClasses lists the IngressClasses, for DefaultIngressClass.
func (l *lookups) IngressClasses() []*object.Object {
	return l.list("networking.k8s.io", "ingressclasses", "")
}

// StorageClass and StorageClasses are admission.StorageClasses.
func (l *lookups) StorageClass(name string) *object.Object {
	return l.get("storage.k8s.io", "storageclasses", "", name)
}

func (l *lookups) StorageClasses() []*object.Object {
	return l.list("storage.k8s.io", "storageclasses", "")
}

// ServiceAccount is admission.ServiceAccounts.
func (l *lookups) ServiceAccount(namespace, name string) *object.Object {
	return l.getBuiltin(&l.serviceAccounts, serviceAccountResources, namespace, name)
}

// WebhookConfigs is admission.WebhookConfigs. The lists are listed again
// only when a cache has moved (or is not loaded).
func (l *lookups) WebhookConfigs() (mutating, validating []*object.Object) {
	g, m, v := webhookGroup, webhookResources[0], webhookResources[1]
	caches := l.loaded(&l.hookCaches, g, webhookResources)
	mc, vc := caches[0], caches[1]
	if mc == nil || vc == nil {
		return l.list(g, m, ""), l.list(g, v, "")
	}
	h := &l.hooks
	if h.mc != mc || h.vc != vc || h.mrev != mc.Revision() || h.vrev != vc.Revision() {
		*h = webhookMemo{mc: mc, vc: vc, mrev: mc.Revision(), vrev: vc.Revision(), mutating: l.list(g, m, ""), valid: l.list(g, v, "")}
	}
	return h.mutating, h.valid
}

// PodsOnNode is auth.NodeGraph: the Pods bound to node.
func (l *lookups) PodsOnNode(node string) []*object.Object { return l.nodes.pods(node) }

// PersistentVolumeClaim is auth.PVCGetter.
func (l *lookups) PersistentVolumeClaim(namespace, name string) *object.Object {
	return l.get("", "persistentvolumeclaims", namespace, name)
}

// pod, serviceAccount and node are auth.Getters.
func (l *lookups) pod(namespace, name string) *object.Object {
	return l.getBuiltin(&l.pods, podResources, namespace, name)
}

func (l *lookups) node(_, name string) *object.Object { return l.get("", "nodes", "", name) }
