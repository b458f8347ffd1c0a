package ingress

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// sync rebuilds the configuration from the caches and programs the
// proxy.
func (g *Controller) sync(string) error {
	mine := g.served()
	keys := make([]string, len(mine))
	for i, ing := range mine {
		keys[i] = ing.Key()
	}
	g.proxy.configure(Name, g.servers(mine), keys)
	return nil
}

// served are the Ingresses the controller serves, oldest first, the key
// breaking ties (ingress-nginx sortIngressSlice).
func (g *Controller) served() []*object.Object {
	classes := g.classes.Lister().List(object.LabelSelector{})
	owned := map[string]bool{}
	for _, c := range classes {
		if c.GetString(".spec.controller") == ControllerClass {
			owned[c.Meta.Name] = true
		}
	}
	var mine []*object.Object
	for _, ing := range g.ingresses.Lister().List(object.LabelSelector{}) {
		if ing.Meta.DeletionTimestamp == nil && owns(ing, owned) {
			mine = append(mine, ing)
		}
	}
	slices.SortFunc(mine, func(a, b *object.Object) int {
		if c := a.Meta.CreationTimestamp.Compare(b.Meta.CreationTimestamp); c != 0 {
			return c
		}
		return strings.Compare(a.Key(), b.Key())
	})
	return mine
}

// servers builds one server per host as ingress-nginx's createServers
// and getBackendServers do: the first Ingress to name a host gives the
// server its default (its spec.defaultBackend); the newest Ingress with
// a defaultBackend gives the catch-all server its own; a host's paths
// come from every Ingress naming it, the first declaration of a type and
// path winning.
func (g *Controller) servers(mine []*object.Object) []Server {
	byHost := map[string]*Server{"": {Host: ""}}
	hosts := []string{""}
	for _, ing := range mine {
		spec := ing.Spec()
		var def *Backend
		if svc := mapOf(mapOf(spec["defaultBackend"])["service"]); svc != nil {
			b := g.backend(ing.Meta.Namespace, svc)
			def = &b
			byHost[""].Default = def
		}
		for _, r := range listOf(spec["rules"]) {
			rm := mapOf(r)
			host, _ := rm["host"].(string)
			s := byHost[host]
			if s == nil {
				s = &Server{Host: host, Default: def}
				byHost[host] = s
				hosts = append(hosts, host)
			}
			for _, p := range listOf(mapOf(rm["http"])["paths"]) {
				pm := mapOf(p)
				svc := mapOf(mapOf(pm["backend"])["service"])
				if svc == nil {
					continue // a resource backend: ignored
				}
				path := Path{Ingress: ing.Key()}
				path.PathType, _ = pm["pathType"].(string)
				path.Path, _ = pm["path"].(string)
				if slices.ContainsFunc(s.Paths, func(o Path) bool { return o.PathType == path.PathType && o.Path == path.Path }) {
					continue
				}
				path.Backend = g.backend(ing.Meta.Namespace, svc)
				s.Paths = append(s.Paths, path)
			}
		}
	}
	out := make([]Server, 0, len(hosts))
	for _, h := range hosts {
		out = append(out, *byHost[h])
	}
	return out
}

// backend resolves an IngressServiceBackend in namespace ns: the
// Service's port by number or name, and the ready endpoints of that port
// in the Service's EndpointSlices (their port of the same name).
func (g *Controller) backend(ns string, svc map[string]any) Backend {
	name, _ := svc["name"].(string)
	port := mapOf(svc["port"])
	num, _ := port["number"].(int64)
	pname, _ := port["name"].(string)
	b := Backend{Service: ns + "/" + name, Port: int32(num)}
	o, ok := g.services.Lister().Get(ns, name)
	if !ok {
		return b
	}
	var sp *object.ServicePort
	for _, p := range object.ViewService(o).Ports {
		if (num != 0 && p.Port == num) || (pname != "" && p.Name == pname) {
			sp = &p
			break
		}
	}
	if sp == nil {
		return b
	}
	b.Port = int32(sp.Port)
	seen := map[string]bool{}
	for _, s := range g.endpointSlices.Lister().List(object.LabelSelector{}) {
		v := object.ViewEndpointSlice(s)
		if v.Namespace != ns || v.ServiceName != name {
			continue
		}
		var epPort int64 = -1
		for _, p := range v.Ports {
			if p.Name == sp.Name {
				epPort = p.Port
			}
		}
		if epPort < 0 {
			continue
		}
		for _, e := range v.Endpoints {
			if !e.Ready || len(e.Addresses) == 0 || seen[e.Addresses[0]] {
				continue
			}
			seen[e.Addresses[0]] = true
			b.Endpoints = append(b.Endpoints, network.BackendAddr{IP: e.Addresses[0], Port: int32(epPort), Pod: ns + "/" + e.TargetName})
		}
	}
	slices.SortFunc(b.Endpoints, func(x, y network.BackendAddr) int { return strings.Compare(x.IP, y.IP) })
	return b
}

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }

func listOf(v any) []any { l, _ := v.([]any); return l }
