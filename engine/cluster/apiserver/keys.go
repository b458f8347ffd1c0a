package apiserver

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// keyRoot is kube-apiserver's default --etcd-prefix.
const keyRoot = "/registry/"

// resourcePrefixes are the storage prefixes that differ from the resource
// name (pkg/registry/*/storage/storage.go and the storage factory's
// resource encoding overrides): nodes are still "minions", services keep
// their specs under "services/specs", ingresses are "ingress".
var resourcePrefixes = map[string]string{
	"nodes":     "minions",
	"services":  "services/specs",
	"ingresses": "ingress",
}

// groupPrefixed are the groups whose resources are stored under their
// group name, as custom resources and the apiextensions and aggregator
// servers' own resources are.
var groupPrefixed = map[string]bool{
	"apiextensions.k8s.io":      true,
	"apiregistration.k8s.io":    true,
	"gateway.networking.k8s.io": true, // installed from CRDs in a real cluster
}

// keyPrefix is the store prefix of a resource: "/registry/pods/",
// "/registry/minions/", "/registry/example.com/databaseclusters/".
func keyPrefix(k *object.KindInfo) string {
	group, resource := keyParts(k)
	return keyRoot + group + resource + "/"
}

// keyParts are the two parts of a resource's prefix after keyRoot: the
// group and a slash, for the resources stored under their group, and the
// resource's storage name. Keys are built from them in one concatenation.
func keyParts(k *object.KindInfo) (group, resource string) {
	if k.CRD != nil || groupPrefixed[k.Group] {
		return k.Group + "/", k.Resource
	}
	if p, ok := resourcePrefixes[k.Resource]; ok {
		return "", p
	}
	return "", k.Resource
}

// namespacePrefix is the prefix of one namespace's objects of a resource,
// or the resource's prefix for "" (all namespaces, or cluster-scoped).
func namespacePrefix(k *object.KindInfo, namespace string) string {
	if !k.Namespaced || namespace == "" {
		return keyPrefix(k)
	}
	return keyPrefix(k) + namespace + "/"
}

// objectKey is the store key of one object.
func objectKey(k *object.KindInfo, namespace, name string) string {
	group, resource := keyParts(k)
	if !k.Namespaced {
		return keyRoot + group + resource + "/" + name
	}
	return keyRoot + group + resource + "/" + namespace + "/" + name
}

// ObjectKey is the store key of one object of kind k, as the API servers
// write it: "/registry/pods/NS/NAME", "/registry/minions/NAME",
// "/registry/gateway.networking.k8s.io/gateways/NS/NAME" (resources of a
// CRD, or of a group served from CRDs in a real cluster, are stored under
// their group).
func ObjectKey(k *object.KindInfo, namespace, name string) string {
	return objectKey(k, namespace, name)
}

// appendKey appends the store key of namespace/name of k to dst, from
// the memoised namespace prefix; false for a namespaced kind without a
// namespace, whose key is not that prefix followed by the name (see
// objectKey).
func (m *keyPrefixes) appendKey(dst []byte, k *object.KindInfo, namespace, name string) ([]byte, bool) {
	if k.Namespaced && namespace == "" {
		return dst, false
	}
	return append(append(dst, m.namespace(k, namespace)...), name...), true
}

// objectKey is objectKey(k, namespace, name), from the memoised prefix
// of the namespace.
func (m *keyPrefixes) objectKey(k *object.KindInfo, namespace, name string) string {
	if k.Namespaced && namespace == "" {
		return objectKey(k, namespace, name)
	}
	return m.namespace(k, namespace) + name
}

// cachedObject looks namespace/name of k up in the watch cache c, its key
// built on the stack rather than as a string.
func (m *keyPrefixes) cachedObject(c *watchcache.Cacher, k *object.KindInfo, namespace, name string) (*object.Object, bool) {
	var buf [128]byte
	if key, ok := m.appendKey(buf[:0], k, namespace, name); ok {
		return c.GetBytes(key)
	}
	return c.Get(objectKey(k, namespace, name))
}

// keyPrefixes memoises the prefixes of resources and of their namespaces,
// which every list, watch, admission lookup and object key asks for and
// which would otherwise be concatenated anew each time. A prefix depends
// only on its kind's group, resource, scope and CRD, which do not change
// once the kind is registered (a CRD's new version is a new KindInfo), so
// a prefix built once stays right. The zero value is ready to use.
type keyPrefixes struct {
	kinds map[*object.KindInfo]kindPrefixes
	// last is the namespace prefix asked for last: a run's requests come
	// in runs of one resource in one namespace.
	last lastPrefix
}

// lastPrefix is the prefix of a kind's namespace.
type lastPrefix struct {
	kind      *object.KindInfo
	namespace string
	prefix    string
}

// kindPrefixes are one resource's prefix and those of its namespaces
// (nil until one is asked for).
type kindPrefixes struct {
	resource   string
	namespaces map[string]string
}

// resource is keyPrefix(k), memoised.
func (m *keyPrefixes) resource(k *object.KindInfo) string { return m.of(k).resource }

// of returns the memoised prefixes of k.
func (m *keyPrefixes) of(k *object.KindInfo) kindPrefixes {
	if kp, ok := m.kinds[k]; ok {
		return kp
	}
	if m.kinds == nil {
		m.kinds = map[*object.KindInfo]kindPrefixes{}
	}
	kp := kindPrefixes{resource: keyPrefix(k)}
	m.kinds[k] = kp
	return kp
}

// namespace is namespacePrefix(k, namespace), memoised.
func (m *keyPrefixes) namespace(k *object.KindInfo, namespace string) string {
	if l := &m.last; k == l.kind && namespace == l.namespace {
		return l.prefix
	}
	p := m.lookupNamespace(k, namespace)
	m.last = lastPrefix{kind: k, namespace: namespace, prefix: p}
	return p
}

// lookupNamespace is namespace without the last prefix remembered.
func (m *keyPrefixes) lookupNamespace(k *object.KindInfo, namespace string) string {
	kp := m.of(k)
	if !k.Namespaced || namespace == "" {
		return kp.resource
	}
	if p, ok := kp.namespaces[namespace]; ok {
		return p
	}
	if kp.namespaces == nil {
		kp.namespaces = map[string]string{}
		m.kinds[k] = kp
	}
	p := kp.resource + namespace + "/" // namespacePrefix(k, namespace)
	kp.namespaces[namespace] = p
	return p
}
