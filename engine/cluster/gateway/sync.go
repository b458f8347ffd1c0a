package gateway

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// syncClass accepts a GatewayClass the controller owns.
func (g *Controller) syncClass(name string) error {
	cls, ok := g.classes.Lister().Get("", name)
	if !ok || cls.GetString(".spec.controllerName") != ControllerName {
		return nil
	}
	old := list(cls.Status()["conditions"])
	conds := []any{cond(g.env.Loop.Now(), old, condAccepted, true, reasonAccepted, "Accepted by "+ControllerName, cls.Meta.Generation)}
	if reflect.DeepEqual(old, conds) {
		return nil
	}
	return g.patchStatus(g.classK, "", name, map[string]any{"conditions": conds})
}

// ownedClass reports whether the Gateway's class is the controller's.
func (g *Controller) ownedClass(gw *object.Object) bool {
	cls, ok := g.classes.Lister().Get("", gw.GetString(".spec.gatewayClassName"))
	return ok && cls.GetString(".spec.controllerName") == ControllerName
}

// syncGateway attaches the Gateway's routes, programs its proxy, and
// reports the Gateway's and the routes' status, in that order.
func (g *Controller) syncGateway(ns, name string) error {
	gw, ok := g.gateways.Lister().Get(ns, name)
	if !ok || gw.Meta.DeletionTimestamp != nil || !g.ownedClass(gw) {
		return nil
	}
	listeners := list(gw.Spec()["listeners"])
	attached := make([]int64, len(listeners))
	var programmed []Route
	type routeStatus struct {
		route *object.Object
		refs  []parentRef
		conds []any
	}
	var statuses []routeStatus
	routes := g.routes.Lister().List(object.LabelSelector{})
	slices.SortFunc(routes, func(a, b *object.Object) int { return strings.Compare(a.Key(), b.Key()) })
	now := g.env.Loop.Now()
	for _, r := range routes {
		var refs []parentRef
		for _, ref := range parentRefs(r) {
			if ref.namespace == ns && ref.name == name {
				refs = append(refs, ref)
			}
		}
		if len(refs) == 0 || r.Meta.DeletionTimestamp != nil {
			continue
		}
		old := g.oldParentConditions(r, refs[0])
		hits, reason := g.attach(gw, listeners, r, refs[0])
		accepted := cond(now, old, condAccepted, reason == "", orDefault(reason, reasonAccepted), acceptMessage(reason), r.Meta.Generation)
		rules, resolveReason, resolveMsg := g.resolve(r)
		resolved := cond(now, old, condResolvedRefs, resolveReason == "", orDefault(resolveReason, reasonResolvedRefs), resolveMsg, r.Meta.Generation)
		statuses = append(statuses, routeStatus{route: r, refs: refs, conds: []any{accepted, resolved}})
		if reason != "" {
			continue
		}
		for _, i := range hits {
			attached[i]++
		}
		programmed = append(programmed, rules...)
	}
	p := g.proxies.ensure(ns, name)
	p.configure(Name, programmed)
	if err := g.gatewayStatus(gw, listeners, attached, p.IP); err != nil {
		return err
	}
	for _, s := range statuses {
		if err := g.routeStatus(s.route, s.refs[0], s.conds); err != nil {
			return err
		}
	}
	return nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func acceptMessage(reason string) string {
	switch reason {
	case "":
		return "Route is accepted"
	case reasonNotAllowedByListeners:
		return "No listener allows routes from this namespace"
	case reasonNoMatchingListenerHostname:
		return "No listener hostname matches the route's hostnames"
	}
	return "No listener matches the parentRef's sectionName or port"
}

// attach returns the listeners (indexes) the route attaches to through
// ref, or the reason it attaches to none: a listener must match the
// ref's sectionName and port, carry HTTP, admit the route's namespace
// (allowedRoutes.namespaces.from Same or All; Selector is not
// modelled) and share a hostname with it.
func (g *Controller) attach(gw *object.Object, listeners []any, route *object.Object, ref parentRef) ([]int, string) {
	var hits []int
	reason := reasonNoMatchingParent
	for i, l := range listeners {
		lm, _ := l.(map[string]any)
		port, _ := lm["port"].(int64)
		if (ref.section != "" && ref.section != str(lm, "name", "")) || (ref.port != 0 && ref.port != port) {
			continue
		}
		if p := str(lm, "protocol", ""); p != "HTTP" && p != "HTTPS" {
			continue
		}
		from := "Same"
		if ar, _ := lm["allowedRoutes"].(map[string]any); ar != nil {
			nsm, _ := ar["namespaces"].(map[string]any)
			from = str(nsm, "from", "Same")
		}
		if !(from == "All" || (from == "Same" && route.Meta.Namespace == gw.Meta.Namespace)) {
			reason = reasonNotAllowedByListeners
			continue
		}
		if h := str(lm, "hostname", ""); h != "" {
			hosts := strs(route.Spec()["hostnames"])
			if len(hosts) > 0 && !slices.ContainsFunc(hosts, func(rh string) bool { return hostMatches([]string{h}, rh) || rh == h }) {
				reason = reasonNoMatchingListenerHostname
				continue
			}
		}
		hits = append(hits, i)
	}
	if len(hits) > 0 {
		return hits, ""
	}
	return nil, reason
}

// resolve turns the route's rules into proxy routes, resolving each
// backendRef to a Service in the route's namespace; the first failure
// gives ResolvedRefs its reason and message.
func (g *Controller) resolve(route *object.Object) (out []Route, reason, msg string) {
	msg = "Resolved all the Object references for the Route"
	hosts := strs(route.Spec()["hostnames"])
	for _, rule := range list(route.Spec()["rules"]) {
		rm, _ := rule.(map[string]any)
		var backends []Backend
		for _, b := range list(rm["backendRefs"]) {
			bm, _ := b.(map[string]any)
			bns, bname := str(bm, "namespace", route.Meta.Namespace), str(bm, "name", "")
			why, text := "", ""
			switch _, found := g.service.Lister().Get(bns, bname); {
			case str(bm, "group", "") != "" || str(bm, "kind", "Service") != "Service":
				why, text = reasonInvalidKind, fmt.Sprintf("Kind %s is not supported", str(bm, "kind", ""))
			case bns != route.Meta.Namespace:
				why, text = reasonRefNotPermitted, fmt.Sprintf("Backend ref to Service %s/%s not permitted by any ReferenceGrant", bns, bname)
			case !found:
				why, text = reasonBackendNotFound, fmt.Sprintf("Service %q not found", bns+"/"+bname)
			}
			if why != "" {
				if reason == "" {
					reason, msg = why, text
				}
				continue
			}
			port, _ := bm["port"].(int64)
			weight, ok := bm["weight"].(int64)
			if !ok {
				weight = 1
			}
			backends = append(backends, Backend{Service: bns + "/" + bname, Port: int32(port), Weight: weight})
		}
		matches := list(rm["matches"])
		if len(matches) == 0 {
			matches = []any{map[string]any{}}
		}
		for _, m := range matches {
			mm, _ := m.(map[string]any)
			pm, _ := mm["path"].(map[string]any)
			out = append(out, Route{Route: route.Key(), Hostnames: hosts,
				PathType: str(pm, "type", "PathPrefix"), Path: str(pm, "value", "/"), Backends: backends})
		}
	}
	return out, reason, msg
}

// oldParentConditions are the conditions of the route's status entry for
// ref written by this controller.
func (g *Controller) oldParentConditions(route *object.Object, ref parentRef) []any {
	for _, p := range list(route.Status()["parents"]) {
		if pm, _ := p.(map[string]any); sameParent(pm, ref) {
			return list(pm["conditions"])
		}
	}
	return nil
}

func sameParent(entry map[string]any, ref parentRef) bool {
	if str(entry, "controllerName", "") != ControllerName {
		return false
	}
	pr, _ := entry["parentRef"].(map[string]any)
	return str(pr, "name", "") == ref.name && str(pr, "namespace", "") == ref.namespace
}

// gatewayStatus writes addresses, Accepted and Programmed, and each
// listener's status.
func (g *Controller) gatewayStatus(gw *object.Object, listeners []any, attached []int64, ip string) error {
	now, gen := g.env.Loop.Now(), gw.Meta.Generation
	cur := gw.Status()
	oldConds := list(cur["conditions"])
	oldListeners := map[string][]any{}
	for _, l := range list(cur["listeners"]) {
		lm, _ := l.(map[string]any)
		oldListeners[str(lm, "name", "")] = list(lm["conditions"])
	}
	var ls []any
	for i, l := range listeners {
		lm, _ := l.(map[string]any)
		ln := str(lm, "name", "")
		old := oldListeners[ln]
		ls = append(ls, map[string]any{
			"name":           ln,
			"supportedKinds": []any{map[string]any{"group": Group, "kind": "HTTPRoute"}},
			"attachedRoutes": attached[i],
			"conditions": []any{
				cond(now, old, condAccepted, true, reasonAccepted, "Listener is accepted", gen),
				cond(now, old, condProgrammed, true, reasonProgrammed, "Listener is programmed", gen),
				cond(now, old, condResolvedRefs, true, reasonResolvedRefs, "Resolved all the Object references for the Listener", gen),
			},
		})
	}
	want := map[string]any{
		"addresses": []any{map[string]any{"type": "IPAddress", "value": ip}},
		"conditions": []any{
			cond(now, oldConds, condAccepted, true, reasonAccepted, "Gateway is accepted", gen),
			cond(now, oldConds, condProgrammed, true, reasonProgrammed, "Address assigned to the Gateway, proxy programmed", gen),
		},
		"listeners": ls,
	}
	if reflect.DeepEqual(cur, want) {
		return nil
	}
	return g.patchStatus(g.gwK, gw.Meta.Namespace, gw.Meta.Name, want)
}

// routeStatus writes the controller's status.parents entry for ref,
// keeping the entries of other parents and controllers.
func (g *Controller) routeStatus(route *object.Object, ref parentRef, conds []any) error {
	entry := map[string]any{"parentRef": ref.status(), "controllerName": ControllerName, "conditions": conds}
	var parents []any
	replaced := false
	for _, p := range list(route.Status()["parents"]) {
		if pm, _ := p.(map[string]any); sameParent(pm, ref) {
			parents = append(parents, entry)
			replaced = true
			continue
		}
		parents = append(parents, p)
	}
	if !replaced {
		parents = append(parents, entry)
	}
	if reflect.DeepEqual(list(route.Status()["parents"]), parents) {
		return nil
	}
	return g.patchStatus(g.routeK, route.Meta.Namespace, route.Meta.Name, map[string]any{"parents": parents})
}

// patchStatus is a merge patch of the status subresource; a deleted
// object is not an error.
func (g *Controller) patchStatus(k *object.KindInfo, ns, name string, status map[string]any) error {
	_, err := g.c.Patch(k, ns, name, api.MergePatch, map[string]any{"status": status}, api.WriteOptions{}, "status")
	if api.IsReason(err, api.ReasonNotFound) {
		return nil
	}
	return err
}
