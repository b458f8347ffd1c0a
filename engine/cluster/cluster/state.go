package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Object reads an object straight from the store, as a claim checks the
// cluster's state: no request, no trace event, no virtual time. It
// returns nil when the object or its kind does not exist. The key is the
// one the API servers write (apiserver.ObjectKey): kube-apiserver's
// layout for built-in kinds ("/registry/deployments/NS/NAME", Nodes under
// "minions", Services under "services/specs"), and
// "/registry/GROUP/RESOURCE/…" for custom resources and the Gateway API.
func (c *Cluster) Object(group, kind, namespace, name string) *object.Object {
	k, ok := c.env.Kinds.ByGroupKind(group, kind)
	if !ok {
		return nil
	}
	kv, ok, err := c.plane.Store().Get(apiserver.ObjectKey(k, namespace, name))
	if err != nil || !ok {
		return nil
	}
	return kv.Value
}
