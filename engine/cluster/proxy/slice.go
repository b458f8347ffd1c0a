package proxy

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// slicePort is one port of an EndpointSlice.
type slicePort struct {
	name, protocol string
	port           int32
}

// sliceEndpoint is one endpoint of an EndpointSlice as the proxy reads
// it: its first address, the Pod it names, and its conditions with
// kube-proxy's reading of unset ones — ready and serving default to true,
// terminating to false (pkg/proxy/endpointslicecache.go, addEndpoints).
type sliceEndpoint struct {
	ip, pod                     string
	ready, serving, terminating bool
}

// sliceInfo is what the proxy keeps of an EndpointSlice.
type sliceInfo struct {
	ports     []slicePort
	endpoints []sliceEndpoint
}

// newSliceInfo reads an EndpointSlice; a slice of another address family
// than IPv4 reads as empty (the proxier serves one family).
func newSliceInfo(o *object.Object) *sliceInfo {
	info := &sliceInfo{}
	if at, _ := o.Content["addressType"].(string); at != "IPv4" {
		return info
	}
	for _, p := range listOf(o.Content["ports"]) {
		pm, _ := p.(map[string]any)
		port, _ := pm["port"].(int64)
		name, _ := pm["name"].(string)
		proto, _ := pm["protocol"].(string)
		if proto == "" {
			proto = "TCP"
		}
		info.ports = append(info.ports, slicePort{name: name, protocol: proto, port: int32(port)})
	}
	for _, e := range listOf(o.Content["endpoints"]) {
		em, _ := e.(map[string]any)
		addrs := listOf(em["addresses"])
		if len(addrs) == 0 {
			continue // "Ignoring invalid endpoint port with empty address"
		}
		ip, _ := addrs[0].(string)
		ep := sliceEndpoint{ip: ip, ready: true, serving: true}
		cond, _ := em["conditions"].(map[string]any)
		if b, ok := cond["ready"].(bool); ok {
			ep.ready = b
		}
		if b, ok := cond["serving"].(bool); ok {
			ep.serving = b
		}
		ep.terminating, _ = cond["terminating"].(bool)
		if ref, ok := em["targetRef"].(map[string]any); ok && ref["kind"] == "Pod" {
			ns, _ := ref["namespace"].(string)
			name, _ := ref["name"].(string)
			ep.pod = ns + "/" + name
		}
		info.endpoints = append(info.endpoints, ep)
	}
	return info
}

func (s *sliceInfo) equal(o *sliceInfo) bool {
	if s == nil || o == nil {
		return s == o
	}
	return slices.Equal(s.ports, o.ports) && slices.Equal(s.endpoints, o.endpoints)
}

// port returns the slice's port for a Service port: the one with the same
// name and protocol (the ServicePortName).
func (s *sliceInfo) port(sp servicePort) (int32, bool) {
	for _, p := range s.ports {
		if p.name == sp.name && p.protocol == sp.protocol {
			return p.port, true
		}
	}
	return 0, false
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}
