package apiserver

import (
	"fmt"
	"net/netip"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// NodePort range: kube-apiserver's --service-node-port-range default.
const (
	nodePortBase = 30000
	nodePortSize = 2768 // 30000-32767
)

// isService reports whether o is a core Service.
func isService(o *object.Object) bool { return o.APIVersion == "v1" && o.Kind == "Service" }

// allocateServiceIPs gives a new Service its cluster IP and node ports
// before validation, as the Service REST storage's BeginCreate does
// (pkg/registry/core/service/storage/alloc.go): ExternalName and headless
// ("None") Services get no address; a requested address must be free;
// NodePort and LoadBalancer Services get a free port in 30000-32767 for
// each port without one. A failure is 422 on spec.clusterIPs; what was
// allocated is released if the create fails later.
func (r *request) allocateServiceIPs(o *object.Object) *api.Status {
	if !isService(o) {
		return nil
	}
	p := r.s.p
	spec := o.EnsureMap("spec")
	typ, _ := spec["type"].(string)
	if typ == "ExternalName" {
		return nil
	}
	owner := o.Meta.Namespace + "/" + o.Meta.Name
	ip, _ := spec["clusterIP"].(string)
	switch ip {
	case "None":
		spec["clusterIPs"] = []any{"None"}
	case "":
		addr, err := p.ips.Allocate(owner)
		if err != nil {
			// alloc.go: allocation without a requested address fails as
			// an internal error.
			return api.NewInternalError(fmt.Sprintf("failed to allocate a serviceIP: %v", err))
		}
		spec["clusterIP"], spec["clusterIPs"] = addr.String(), []any{addr.String()}
		r.undo = append(r.undo, func() { p.ips.Release(addr) })
	default:
		addr, err := netip.ParseAddr(ip)
		if err == nil {
			err = p.ips.AllocateSpecific(addr, owner)
		}
		if err != nil {
			return invalid(r.kind, o.Meta.Name, object.FieldErrors{object.ClusterIPError(ip, err)})
		}
		spec["clusterIPs"] = []any{ip}
		r.undo = append(r.undo, func() { p.ips.Release(addr) })
	}
	if typ == "NodePort" || typ == "LoadBalancer" {
		ports, _ := spec["ports"].([]any)
		for _, pv := range ports {
			pm, ok := pv.(map[string]any)
			if !ok {
				continue
			}
			if n, ok := pm["nodePort"]; ok && asInt(n) != 0 {
				port := asInt(n)
				if p.nodePorts[port] != "" {
					return invalid(r.kind, o.Meta.Name, object.FieldErrors{object.Invalid("spec.ports[0].nodePort", port,
						"provided port is already allocated")})
				}
				p.nodePorts[port] = owner
			} else {
				port := p.freeNodePort()
				if port == 0 {
					return invalid(r.kind, o.Meta.Name, object.FieldErrors{object.Invalid("spec.ports[0].nodePort", 0, "range is full")})
				}
				p.nodePorts[port], pm["nodePort"] = owner, port
			}
			port := asInt(pm["nodePort"])
			r.undo = append(r.undo, func() { delete(p.nodePorts, port) })
		}
	}
	return nil
}

// freeNodePort draws a free node port, or 0 when the range is full.
func (p *Plane) freeNodePort() int64 {
	if len(p.nodePorts) >= nodePortSize {
		return 0
	}
	for {
		port := int64(nodePortBase + p.cfg.Rand.Intn(nodePortSize))
		if p.nodePorts[port] == "" {
			return port
		}
	}
}

// releaseServiceIPs frees a deleted Service's addresses and ports.
func (p *Plane) releaseServiceIPs(o *object.Object) {
	spec := o.Spec()
	for _, v := range asList(spec["clusterIPs"]) {
		if s, ok := v.(string); ok {
			if addr, err := netip.ParseAddr(s); err == nil {
				p.ips.Release(addr)
			}
		}
	}
	for _, pv := range asList(spec["ports"]) {
		if pm, ok := pv.(map[string]any); ok {
			if port := asInt(pm["nodePort"]); port != 0 && p.nodePorts[port] == o.Meta.Namespace+"/"+o.Meta.Name {
				delete(p.nodePorts, port)
			}
		}
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }
