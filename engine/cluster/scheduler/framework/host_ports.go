package framework

// DefaultBindAllHostIP is the address a host port without hostIP binds.
const DefaultBindAllHostIP = "0.0.0.0"

// ProtocolPort is a protocol and port pair.
type ProtocolPort struct {
	Protocol string
	Port     int64
}

// HostPortInfo is the host ports in use on a node, by address
// (k8s.io/kube-scheduler/framework/types.go, HostPortInfo).
type HostPortInfo map[string]map[ProtocolPort]struct{}

func sanitize(ip, protocol string) (string, string) {
	if ip == "" {
		ip = DefaultBindAllHostIP
	}
	if protocol == "" {
		protocol = "TCP"
	}
	return ip, protocol
}

// Add records a port in use.
func (h HostPortInfo) Add(ip, protocol string, port int64) {
	if port <= 0 {
		return
	}
	ip, protocol = sanitize(ip, protocol)
	m := h[ip]
	if m == nil {
		m = map[ProtocolPort]struct{}{}
		h[ip] = m
	}
	m[ProtocolPort{protocol, port}] = struct{}{}
}

// Remove forgets a port.
func (h HostPortInfo) Remove(ip, protocol string, port int64) {
	if port <= 0 {
		return
	}
	ip, protocol = sanitize(ip, protocol)
	if m, ok := h[ip]; ok {
		delete(m, ProtocolPort{protocol, port})
		if len(m) == 0 {
			delete(h, ip)
		}
	}
}

// CheckConflict reports whether binding (ip, protocol, port) would clash:
// 0.0.0.0 clashes with the port on any address, any other address with
// itself and 0.0.0.0.
func (h HostPortInfo) CheckConflict(ip, protocol string, port int64) bool {
	if port <= 0 || len(h) == 0 {
		return false
	}
	ip, protocol = sanitize(ip, protocol)
	pp := ProtocolPort{protocol, port}
	if ip == DefaultBindAllHostIP {
		for _, m := range h {
			if _, ok := m[pp]; ok {
				return true
			}
		}
		return false
	}
	for _, key := range [2]string{DefaultBindAllHostIP, ip} {
		if _, ok := h[key][pp]; ok {
			return true
		}
	}
	return false
}
