package scenario

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Map lays out the run's cluster for drawing, in the map's order: the
// clients that acted, the API servers, etcd, the controller manager (with
// the controllers that acted as its members), the schedulers, then per
// Node its kubelet, runtime, proxy and the Pods that ran there. Each
// actor's inventory is derived from all its events, the cluster's boot
// included (informers list and watch from the start); who acts, and the
// direct calls, from the events since the start mark. Broken flags tell
// the state at the end of the run.
func (s *Session) Map() *result.Map {
	b, all := newMapBuilder(), newMapBuilder()
	log := s.Trace()
	for i := 0; i < log.Len(); i++ {
		all.event(log.At(i))
		if i >= s.Start {
			b.event(log.At(i))
		}
	}
	m := &result.Map{}
	add := func(a result.MapActor) {
		a.Inventory = all.inventory(a.ID)
		m.Actors = append(m.Actors, a)
	}
	for _, c := range b.clients {
		add(result.MapActor{ID: c, Label: c, Role: result.RoleClient})
	}
	if b.seen["control-plane-endpoint"] {
		add(result.MapActor{ID: "control-plane-endpoint", Label: "endpoint", Role: result.RoleEndpoint})
	}
	for _, srv := range s.Cluster.Plane().Servers() {
		id := string(srv.Name())
		add(result.MapActor{ID: id, Label: "kube-apiserver", Role: result.RoleAPIServer})
	}
	add(result.MapActor{ID: string(trace.Etcd), Label: "etcd", Role: result.RoleEtcd})
	add(result.MapActor{ID: "controller-manager", Label: "kube-controller-manager", Role: result.RoleControllerManager, Members: b.members})
	for _, sc := range s.Cluster.Schedulers() {
		add(result.MapActor{ID: string(sc.Name()), Label: "kube-scheduler", Role: result.RoleScheduler})
	}
	added := map[string]bool{}
	for _, a := range sortedSet(all.seen) {
		id := result.MapID(a)
		role, ok := extensionRole(id)
		if !ok || added[id] || !b.seen[a] {
			continue
		}
		added[id] = true
		add(result.MapActor{ID: id, Label: extensionLabel(id), Role: role})
	}
	end := s.End()
	for _, n := range s.Cluster.Nodes() {
		add(result.MapActor{ID: string(trace.Kubelet(n.Name)), Label: "kubelet", Role: result.RoleKubelet, Node: n.Name})
		add(result.MapActor{ID: string(trace.Runtime(n.Name)), Label: "container runtime", Role: result.RoleRuntime, Node: n.Name})
		add(result.MapActor{ID: string(trace.ServiceProxy(n.Name)), Label: "kube-proxy", Role: result.RoleProxy, Node: n.Name})
		for _, p := range s.podsOn(n.Name, end) {
			add(result.MapActor{ID: "pod/" + p, Label: p, Role: result.RolePod, Node: n.Name})
		}
	}
	if b.seen[string(trace.FaultActor)] {
		add(result.MapActor{ID: string(trace.FaultActor), Label: "fault", Role: result.RoleFault})
	}
	for _, id := range s.BrokenAt(end) {
		if a := m.Actor(id); a != nil {
			a.Broken = true
		}
	}
	m.Direct = b.direct
	return m
}

// podsOn returns "NS/NAME" of the Pods bound to node at any point from
// the start mark to at, sorted.
func (s *Session) podsOn(node string, at int) []string {
	var out []string
	gk := GroupKind{"", "Pod"}
	for _, k := range s.History.Keys(gk) {
		for _, v := range s.History.Versions(k, s.Start-1, at) {
			if v.Obj != nil && v.Obj.GetString(".spec.nodeName") == node {
				out = append(out, k.Namespace+"/"+k.Name)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}

// mapBuilder collects what the map needs from the events.
type mapBuilder struct {
	seen    map[string]bool
	clients []string
	members []string
	inv     map[string]*inventory
	direct  []result.Edge
}

// inventory is one map actor's sets of "VERB resource" words.
type inventory struct {
	reads, watches, writes, calls, calledBy map[string]bool
}

func newMapBuilder() *mapBuilder {
	return &mapBuilder{seen: map[string]bool{}, inv: map[string]*inventory{}}
}

// extensionRole returns where an extension actor sits on the map: the
// controllers and servers that extend the cluster (metrics-server, a
// webhook or aggregated server dialled as NAME.NS.svc, the CSI
// provisioner, the cloud controller manager, a Gateway controller and its
// proxies, an Operator) and the providers outside it (the cloud's API,
// a storage provider behind a CSI driver, a cloud load balancer).
func extensionRole(id string) (result.Role, bool) {
	switch {
	case id == "cloud-provider" || strings.HasPrefix(id, "csi-driver/") || strings.HasPrefix(id, "lb/"):
		return result.RoleExternal, true
	case id == "metrics-server" || id == "csi-provisioner" || id == "cloud-controller-manager" ||
		id == "gateway-controller" || id == "ingress-controller" || id == "ingress-proxy" ||
		id == "database-operator" || strings.HasSuffix(id, ".svc") ||
		strings.HasPrefix(id, "gateway/") || strings.HasPrefix(id, "csi-node/"):
		return result.RoleExtension, true
	}
	return 0, false
}

// extensionLabel names an extension actor on the map.
func extensionLabel(id string) string {
	switch {
	case strings.HasPrefix(id, "csi-driver/"):
		return "storage provider (" + strings.TrimPrefix(id, "csi-driver/") + ")"
	case strings.HasPrefix(id, "lb/"):
		return "cloud load balancer"
	case strings.HasPrefix(id, "gateway/"):
		return "gateway proxy " + strings.TrimPrefix(id, "gateway/")
	case strings.HasSuffix(id, ".svc"):
		return strings.TrimSuffix(id, ".svc")
	}
	return id
}

// component reports whether an actor is part of the cluster rather than
// one of its clients.
func component(a string) bool {
	if _, ok := extensionRole(result.MapID(a)); ok {
		return true
	}
	for _, p := range []string{"apiserver", "etcd", "scheduler", "controller-manager", "kubelet/", "runtime/", "proxy/", "fault", "control-plane-endpoint", "webhook/", "system:"} {
		if strings.HasPrefix(a, p) {
			return true
		}
	}
	return strings.HasSuffix(a, "-controller") || strings.HasPrefix(a, "pod/") || strings.Contains(a, "garbage-collector") ||
		strings.HasPrefix(a, "kube-")
}

// event adds one event to the inventories.
func (b *mapBuilder) event(e *trace.Event) {
	from := string(e.From)
	if !b.seen[from] {
		b.seen[from] = true
		id := result.MapID(from)
		switch {
		case id == "controller-manager" && from != id:
			b.members = append(b.members, from)
		case !component(from):
			b.clients = append(b.clients, from)
		}
	}
	if e.To != "" {
		b.seen[string(e.To)] = true
	}
	id := result.MapID(from)
	inv := b.of(id)
	word := e.Verb.String() + " " + EventResource(e)
	switch e.Verb {
	case trace.Get, trace.List:
		inv.reads[word] = true
	case trace.Watch:
		inv.watches[word] = true
	case trace.Create, trace.Update, trace.Patch, trace.Delete, trace.DeleteCollection:
		inv.writes[word] = true
	case trace.Proxy, trace.Webhook, trace.External, trace.Persist:
		edge := result.Edge{From: id, To: result.MapID(string(e.To)), Verb: e.Verb.String()}
		if !slices.Contains(b.direct, edge) {
			b.direct = append(b.direct, edge)
		}
		inv.calls[e.Verb.String()+" to "+edge.To] = true
		b.of(edge.To).calledBy[e.Verb.String()+" from "+id] = true
	default:
		if e.Verb.Kind() == trace.KindNodeLocal || e.Verb == trace.HTTP {
			if e.To != "" && string(e.To) != from {
				inv.calls[e.Verb.String()+" to "+string(e.To)] = true
				b.of(result.MapID(string(e.To))).calledBy[e.Verb.String()+" from "+from] = true
			}
		}
	}
}

// of returns the inventory of a map actor, made on first use.
func (b *mapBuilder) of(id string) *inventory {
	inv := b.inv[id]
	if inv == nil {
		inv = &inventory{reads: map[string]bool{}, watches: map[string]bool{}, writes: map[string]bool{}, calls: map[string]bool{}, calledBy: map[string]bool{}}
		b.inv[id] = inv
	}
	return inv
}

// inventory returns the sorted inventory of a map actor.
func (b *mapBuilder) inventory(id string) result.Inventory {
	inv := b.inv[id]
	if inv == nil {
		return result.Inventory{}
	}
	return result.Inventory{Reads: sortedSet(inv.reads), Watches: sortedSet(inv.watches), Writes: sortedSet(inv.writes),
		Calls: sortedSet(inv.calls), CalledBy: sortedSet(inv.calledBy)}
}

// sortedSet returns a set's members, sorted.
func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
