// Package network is the model's data plane: the addresses Pods and
// Services answer on, and the node-local forwarding rules a service proxy
// programs. Application traffic flows here, never through the API server.
//
// The kubelet registers a Pod's IP when its sandbox's network is set up
// (CNI.Setup) and removes it when the sandbox is torn down; the service
// proxy of each Node installs the rules that map a Service's ClusterIP and
// port to ready backends; a request from a client or a Pod is resolved
// through the rules of the Node it enters on, then answered by the
// backend's container.
package network

import (
	"net/netip"
	"sort"
	"strconv"
)

// Answer is what a backend replies to one request.
type Answer struct {
	Code int    // HTTP status; 0 when the connection was refused or timed out
	Body string // a short body, for the trace
	Err  string // "connection refused", "no route to host", …
}

// Backend answers requests sent to one Pod IP. The container runtime
// implements it from the image's behaviour.
type Backend interface {
	Serve(port int32, path string) Answer
}

// Endpoint is a registered Pod address.
type Endpoint struct {
	IP      string
	Node    string
	Pod     string // namespace/name
	Backend Backend
}

// Network is the set of reachable Pod IPs of one cluster, and the per-Node
// forwarding rules. It is owned by one engine run.
type Network struct {
	pods  map[string]*Endpoint
	rules map[string]*Rules // by node
	down  map[string]bool   // nodes whose network is unreachable
}

// New returns an empty network.
func New() *Network {
	return &Network{pods: map[string]*Endpoint{}, rules: map[string]*Rules{}, down: map[string]bool{}}
}

// AddPod registers a Pod's IP; it replaces an earlier registration.
func (n *Network) AddPod(e *Endpoint) { n.pods[e.IP] = e }

// RemovePod forgets a Pod IP.
func (n *Network) RemovePod(ip string) { delete(n.pods, ip) }

// Pod returns the endpoint registered at ip.
func (n *Network) Pod(ip string) (*Endpoint, bool) {
	e, ok := n.pods[ip]
	return e, ok
}

// PodIPs lists the registered Pod IPs in order.
func (n *Network) PodIPs() []string {
	ips := make([]string, 0, len(n.pods))
	for ip := range n.pods {
		ips = append(ips, ip)
	}
	sort.Strings(ips)
	return ips
}

// SetNodeDown marks a node's network unreachable (the node was killed) or
// reachable again.
func (n *Network) SetNodeDown(node string, down bool) {
	if down {
		n.down[node] = true
	} else {
		delete(n.down, node)
	}
}

// NodeDown reports whether a node is unreachable.
func (n *Network) NodeDown(node string) bool { return n.down[node] }

// Rules returns the forwarding rules of a node, creating an empty set.
func (n *Network) Rules(node string) *Rules {
	r, ok := n.rules[node]
	if !ok {
		r = &Rules{services: map[string]*ServiceRule{}}
		n.rules[node] = r
	}
	return r
}

// DropRules removes a node's rules (its service proxy was removed and the
// node rebooted, or the node is gone).
func (n *Network) DropRules(node string) { delete(n.rules, node) }

// Rules are one node's forwarding rules, as kube-proxy programs them.
type Rules struct {
	services map[string]*ServiceRule // by "ip:port"
}

// ServiceRule sends a Service's virtual address to its backends.
type ServiceRule struct {
	Service  string // namespace/name
	IP       string
	Port     int32
	Backends []BackendAddr // ready endpoints, in a fixed order
}

// BackendAddr is one backend of a rule.
type BackendAddr struct {
	IP   string
	Port int32
	Pod  string // namespace/name, for the trace
}

// Set installs or replaces the rule for a Service address.
func (r *Rules) Set(rule *ServiceRule) { r.services[key(rule.IP, rule.Port)] = rule }

// Delete removes the rule for a Service address.
func (r *Rules) Delete(ip string, port int32) { delete(r.services, key(ip, port)) }

// Lookup finds the rule for a Service address.
func (r *Rules) Lookup(ip string, port int32) (*ServiceRule, bool) {
	s, ok := r.services[key(ip, port)]
	return s, ok
}

// All lists the rules in address order: by IP numerically, then port.
func (r *Rules) All() []*ServiceRule {
	out := make([]*ServiceRule, 0, len(r.services))
	for _, s := range r.services {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		a, aerr := netip.ParseAddr(out[i].IP)
		b, berr := netip.ParseAddr(out[j].IP)
		if aerr == nil && berr == nil && a != b {
			return a.Less(b)
		}
		if out[i].IP != out[j].IP {
			return out[i].IP < out[j].IP
		}
		return out[i].Port < out[j].Port
	})
	return out
}

func key(ip string, port int32) string {
	return ip + ":" + strconv.Itoa(int(port))
}
