package endpointslice

import (
	"slices"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// port is one discovery/v1 EndpointPort. The controller always sets name
// (possibly ""), port and protocol.
type port struct {
	name, protocol, appProtocol string
	port                        int64
}

// endpointPorts resolves a Service's ports against one Pod (utils.go,
// getEndpointPorts): a numeric targetPort is used as it is, a named one
// is looked up among the Pod's container ports of the same protocol, and a
// port that cannot be resolved is left out. A headless Service may have no
// ports at all.
func endpointPorts(svc *object.ServiceView, svcObj *object.Object, p *pod) []port {
	out := []port{}
	specPorts := listOf(svcObj.Spec()["ports"])
	for i, sp := range svc.Ports {
		n, ok := findPort(p, sp)
		if !ok {
			continue
		}
		proto := sp.Protocol
		if proto == "" {
			proto = "TCP"
		}
		ep := port{name: sp.Name, protocol: proto, port: n}
		if i < len(specPorts) {
			m, _ := specPorts[i].(map[string]any)
			ep.appProtocol, _ = m["appProtocol"].(string)
		}
		out = append(out, ep)
	}
	return out
}

// findPort is utils.go FindPort for the Pod's containers (sidecar init
// containers, which it also searches, are not modelled). targetPort
// defaults to the Service port, as the API server's defaulting does.
func findPort(p *pod, sp object.ServicePort) (int64, bool) {
	proto := sp.Protocol
	if proto == "" {
		proto = "TCP"
	}
	switch tp := sp.TargetPort.(type) {
	case nil:
		return sp.Port, true
	case int64:
		return tp, true
	case float64:
		return int64(tp), true
	case string:
		return p.containerPort(tp, proto)
	}
	return 0, false
}

// portMapKey identifies a set of ports regardless of order
// (controller_utils.go, NewPortMapKey): endpoints with the same resolved
// ports share slices.
func portMapKey(ports []port) string {
	if len(ports) == 1 {
		return ports[0].key()
	}
	parts := make([]string, len(ports))
	for i, p := range ports {
		parts[i] = p.key()
	}
	slices.Sort(parts)
	return strings.Join(parts, ";")
}

func (p port) key() string {
	return p.name + "/" + p.protocol + "/" + strconv.FormatInt(p.port, 10) + "/" + p.appProtocol
}

func (p port) tree() map[string]any {
	m := map[string]any{"name": p.name, "port": p.port, "protocol": p.protocol}
	if p.appProtocol != "" {
		m["appProtocol"] = p.appProtocol
	}
	return m
}

func portFrom(v any) port {
	m, _ := v.(map[string]any)
	p := port{}
	p.name, _ = m["name"].(string)
	p.protocol, _ = m["protocol"].(string)
	p.appProtocol, _ = m["appProtocol"].(string)
	p.port, _ = m["port"].(int64)
	return p
}
