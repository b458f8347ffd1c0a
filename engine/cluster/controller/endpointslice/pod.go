package endpointslice

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// pod is what the controller reads of a Pod, decoded once per sync
// straight from the object (a full object.PodView costs more than the
// whole reconcile of a large Service).
type pod struct {
	obj                                          *object.Object
	name, namespace, uid, nodeName, phase, podIP string
	hostname, subdomain                          string
	deleting, ready                              bool
	// readySince is the Ready condition's lastTransitionTime.
	readySince time.Time
}

func podOf(o *object.Object) pod {
	spec, status := o.Spec(), o.Status()
	p := pod{obj: o, name: o.Meta.Name, namespace: o.Meta.Namespace, uid: o.Meta.UID,
		deleting: o.Meta.DeletionTimestamp != nil}
	p.nodeName, _ = spec["nodeName"].(string)
	p.hostname, _ = spec["hostname"].(string)
	p.subdomain, _ = spec["subdomain"].(string)
	p.phase, _ = status["phase"].(string)
	p.podIP, _ = status["podIP"].(string)
	if m := object.StatusCondition(status, "Ready"); m != nil {
		p.ready = m["status"] == "True"
		if s, ok := m["lastTransitionTime"].(string); ok {
			p.readySince, _ = object.ParseTime(s)
		}
	}
	return p
}

// terminal reports a Succeeded or Failed Pod.
func (p *pod) terminal() bool { return p.phase == "Succeeded" || p.phase == "Failed" }

// containerPort finds a named container port of protocol proto.
func (p *pod) containerPort(name, proto string) (int64, bool) {
	for _, c := range listOf(p.obj.Spec()["containers"]) {
		cm, _ := c.(map[string]any)
		for _, cp := range listOf(cm["ports"]) {
			pm, _ := cp.(map[string]any)
			cproto, _ := pm["protocol"].(string)
			if cproto == "" {
				cproto = "TCP"
			}
			if pm["name"] == name && cproto == proto {
				n, _ := pm["containerPort"].(int64)
				return n, true
			}
		}
	}
	return 0, false
}
