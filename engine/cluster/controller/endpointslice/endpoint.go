package endpointslice

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// cond is an endpoint condition as the API carries it: unset, false or
// true (discovery/v1 uses *bool).
type cond uint8

const (
	unset cond = iota
	no
	yes
)

func condOf(b bool) cond {
	if b {
		return yes
	}
	return no
}

// endpoint is one discovery/v1 Endpoint.
type endpoint struct {
	addresses                   []string
	ready, serving, terminating cond
	nodeName, zone, hostname    string
	// The targetRef, a Pod.
	refNamespace, refName, refUID string
	// id caches key.
	id string
}

// key identifies an endpoint across syncs: its sorted addresses, hostname
// and target (endpointset.go, hashEndpoint).
func (e *endpoint) key() string {
	if e.id != "" {
		return e.id
	}
	addrs := e.addresses
	if len(addrs) > 1 {
		addrs = slices.Clone(addrs)
		slices.Sort(addrs)
	}
	return strings.Join(addrs, ",") + "|" + e.hostname + "|" + e.refNamespace + "/" + e.refName
}

// equalBeyondKey compares what key does not cover: node, zone,
// conditions and the target's UID (controller_utils.go,
// EndpointsEqualBeyondHash).
func (e *endpoint) equalBeyondKey(o *endpoint) bool {
	return e.nodeName == o.nodeName && e.zone == o.zone &&
		e.ready == o.ready && e.serving == o.serving && e.terminating == o.terminating &&
		e.refUID == o.refUID
}

// podToEndpoint builds a Pod's endpoint for a Service (utils.go,
// podToEndpoint): serving is the Pod's Ready condition; terminating is a
// set deletionTimestamp; ready is serving and not terminating, or always
// with publishNotReadyAddresses. node is nil when the Pod's Node is not
// known.
func podToEndpoint(p *pod, node *object.Object, svc *object.ServiceView, family string) endpoint {
	ready := svc.PublishNotReadyAddresses || (p.ready && !p.deleting)
	ep := endpoint{
		addresses: podAddresses(p, family),
		ready:     condOf(ready), serving: condOf(p.ready), terminating: condOf(p.deleting),
		nodeName:     p.nodeName,
		refNamespace: p.namespace, refName: p.name, refUID: p.uid,
	}
	if node != nil {
		ep.zone = node.Meta.Labels["topology.kubernetes.io/zone"]
	}
	if p.hostname != "" && p.subdomain == svc.Name && p.namespace == svc.Namespace {
		ep.hostname = p.hostname
	}
	ep.id = ep.key()
	return ep
}

// podAddresses lists the Pod's IPs of one family (utils.go,
// getEndpointAddresses), from status.podIPs, or from status.podIP when a
// client wrote only that: the API server fills podIPs from podIP on
// decoding (pkg/apis/core/v1/conversion.go,
// Convert_v1_PodStatus_To_core_PodStatus).
func podAddresses(p *pod, family string) []string {
	var ips []string
	for _, v := range listOf(p.obj.Status()["podIPs"]) {
		m, _ := v.(map[string]any)
		if ip, _ := m["ip"].(string); ip != "" {
			ips = append(ips, ip)
		}
	}
	if len(ips) == 0 && p.podIP != "" {
		ips = []string{p.podIP}
	}
	out := []string{}
	for _, s := range ips {
		a, err := netip.ParseAddr(s)
		if err != nil {
			continue
		}
		if (family == "IPv6") == a.Is6() {
			out = append(out, a.String())
		}
	}
	return out
}

// tree renders the endpoint as the API object's field, with every
// condition set, as the controller writes it.
func (e *endpoint) tree() map[string]any {
	addrs := make([]any, len(e.addresses))
	for i, a := range e.addresses {
		addrs[i] = a
	}
	conds := map[string]any{}
	for name, c := range map[string]cond{"ready": e.ready, "serving": e.serving, "terminating": e.terminating} {
		if c != unset {
			conds[name] = c == yes
		}
	}
	m := map[string]any{
		"addresses":  addrs,
		"conditions": conds,
		"targetRef":  map[string]any{"kind": "Pod", "namespace": e.refNamespace, "name": e.refName, "uid": e.refUID},
	}
	if e.nodeName != "" {
		m["nodeName"] = e.nodeName
	}
	if e.zone != "" {
		m["zone"] = e.zone
	}
	if e.hostname != "" {
		m["hostname"] = e.hostname
	}
	return m
}

// endpointFrom reads an endpoint of a stored slice.
func endpointFrom(v any) endpoint {
	m, _ := v.(map[string]any)
	e := endpoint{}
	for _, a := range listOf(m["addresses"]) {
		if s, ok := a.(string); ok {
			e.addresses = append(e.addresses, s)
		}
	}
	c, _ := m["conditions"].(map[string]any)
	e.ready, e.serving, e.terminating = condFrom(c["ready"]), condFrom(c["serving"]), condFrom(c["terminating"])
	e.nodeName, _ = m["nodeName"].(string)
	e.zone, _ = m["zone"].(string)
	e.hostname, _ = m["hostname"].(string)
	if ref, ok := m["targetRef"].(map[string]any); ok {
		e.refNamespace, _ = ref["namespace"].(string)
		e.refName, _ = ref["name"].(string)
		e.refUID, _ = ref["uid"].(string)
	}
	e.id = e.key()
	return e
}

func condFrom(v any) cond {
	b, ok := v.(bool)
	if !ok {
		return unset
	}
	return condOf(b)
}

func listOf(v any) []any {
	l, _ := v.([]any)
	return l
}
