package cluster

import "github.com/loopbook/loopbook/engine/cluster/object"

// Object reads an object straight from the store, as a claim checks the
// cluster's state: no request, no trace event, no virtual time. It
// returns nil when the object does not exist. The store keys follow
// kube-apiserver's layout for built-in kinds ("/registry/deployments/NS/NAME",
// Nodes under "minions", Services under "services/specs").
func (c *Cluster) Object(group, kind, namespace, name string) *object.Object {
	k := c.env.Kind(group, kind)
	prefix := map[string]string{"nodes": "minions", "services": "services/specs", "ingresses": "ingress"}[k.Resource]
	if prefix == "" {
		prefix = k.Resource
	}
	key := "/registry/" + prefix + "/" + name
	if k.Namespaced {
		key = "/registry/" + prefix + "/" + namespace + "/" + name
	}
	kv, ok, err := c.plane.Store().Get(key)
	if err != nil || !ok {
		return nil
	}
	return kv.Value
}
