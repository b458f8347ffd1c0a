package proxy

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// servicePort is one port of a Service as the rules use it.
type servicePort struct {
	name, protocol string
	port           int32
}

// serviceInfo is what the rules need of a Service: its cluster IP and
// TCP ports. A Service that is not proxied (headless, ExternalName,
// pkg/proxy/util/utils.go ShouldSkipService) has no ports.
type serviceInfo struct {
	ip    string
	ports []servicePort
}

func newServiceInfo(o *object.Object) *serviceInfo {
	v := object.ViewService(o)
	if v.ClusterIP == "" || v.ClusterIP == "None" || v.Type == "ExternalName" {
		return &serviceInfo{}
	}
	info := &serviceInfo{ip: v.ClusterIP}
	for _, sp := range v.Ports {
		proto := sp.Protocol
		if proto == "" {
			proto = "TCP"
		}
		if proto != "TCP" {
			continue
		}
		info.ports = append(info.ports, servicePort{name: sp.Name, protocol: proto, port: int32(sp.Port)})
	}
	if len(info.ports) == 0 {
		info.ip = ""
	}
	return info
}

func (s *serviceInfo) equal(o *serviceInfo) bool {
	if s == nil || o == nil {
		return s == o
	}
	return s.ip == o.ip && slices.Equal(s.ports, o.ports)
}
