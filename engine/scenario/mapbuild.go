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
	b, all := newMapActors(), s.inventory
	log := s.Trace()
	s.takeInventoryTo(s.Start)
	// One pass reads each event once for the actors, the inventories,
	// which have taken the events before inventoryTo, and the event
	// index, which lists those before its verbTo (see MatchSteps).
	x := &s.index
	x.reset(s.Start)
	for i := s.Start; i < log.Len(); i++ {
		e := log.At(i)
		b.event(e)
		if i == s.inventoryTo {
			all.event(e)
			s.inventoryTo++
		}
		if i == x.verbTo {
			x.addVerb(e.Verb)
		}
	}
	s.takeInventory()
	var exts []string // the extensions' map ids, in order
	for _, a := range sortedSet(b.seen) {
		id := result.MapID(a)
		if _, ok := extensionRole(id); ok && !slices.Contains(exts, id) {
			exts = append(exts, id)
		}
	}
	end := s.End()
	pods := s.podsByNode(end)
	servers, schedulers, nodes := s.Cluster.Plane().Servers(), s.Cluster.Schedulers(), s.Cluster.Nodes()
	// The actors, counted as they are added below: the slice is made
	// once, at its size.
	n := len(b.clients) + len(servers) + 2 + len(schedulers) + len(exts) + 3*len(nodes)
	for _, nd := range nodes {
		n += len(pods[nd.Name])
	}
	if b.seen["control-plane-endpoint"] {
		n++
	}
	if b.seen[string(trace.FaultActor)] {
		n++
	}
	m := &result.Map{Actors: make([]result.MapActor, 0, n)}
	add := func(a result.MapActor) {
		a.Inventory = all.of(a.ID)
		m.Actors = append(m.Actors, a)
	}
	for _, c := range b.clients {
		add(result.MapActor{ID: c, Label: c, Role: result.RoleClient})
	}
	if b.seen["control-plane-endpoint"] {
		add(result.MapActor{ID: "control-plane-endpoint", Label: "endpoint", Role: result.RoleEndpoint})
	}
	for _, srv := range servers {
		id := string(srv.Name())
		add(result.MapActor{ID: id, Label: "kube-apiserver", Role: result.RoleAPIServer})
	}
	add(result.MapActor{ID: string(trace.Etcd), Label: "etcd", Role: result.RoleEtcd})
	add(result.MapActor{ID: "controller-manager", Label: "kube-controller-manager", Role: result.RoleControllerManager, Members: b.members})
	for _, sc := range schedulers {
		add(result.MapActor{ID: string(sc.Name()), Label: "kube-scheduler", Role: result.RoleScheduler})
	}
	for _, id := range exts {
		role, _ := extensionRole(id)
		add(result.MapActor{ID: id, Label: extensionLabel(id), Role: role})
	}
	for _, n := range nodes {
		add(result.MapActor{ID: string(trace.Kubelet(n.Name)), Label: "kubelet", Role: result.RoleKubelet, Node: n.Name})
		add(result.MapActor{ID: string(trace.Runtime(n.Name)), Label: "container runtime", Role: result.RoleRuntime, Node: n.Name})
		add(result.MapActor{ID: string(trace.ServiceProxy(n.Name)), Label: "kube-proxy", Role: result.RoleProxy, Node: n.Name})
		for _, p := range pods[n.Name] {
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

// podsByNode returns, by Node name, "NS/NAME" of the Pods bound to the
// Node at any point from the start mark to at, sorted. The Pods' versions
// are read once for every Node.
func (s *Session) podsByNode(at int) map[string][]string {
	out := map[string][]string{}
	gk := GroupKind{"", "Pod"}
	for _, k := range s.History.Keys(gk) {
		var nodes []string
		for _, v := range s.History.Versions(k, s.Start-1, at) {
			if v.Obj == nil {
				continue
			}
			if n := v.Obj.GetString(".spec.nodeName"); n != "" && !slices.Contains(nodes, n) {
				nodes = append(nodes, n)
				out[n] = append(out[n], k.Namespace+"/"+k.Name)
			}
		}
	}
	for _, pods := range out {
		slices.Sort(pods)
	}
	return out
}

// mapActors collects who took part in events: every actor seen (from
// or to), the clients and the controller manager's members in the order
// they first acted, and the direct calls between map actors.
type mapActors struct {
	seen    map[string]bool
	clients []string
	members []string
	direct  []result.Edge
	// lastFrom and lastTo are the actors of the event seen last: a
	// request is a run of events between the same two actors.
	lastFrom, lastTo trace.Actor
	// recent are the last acting actors looked up in seen, most recent
	// first: the events of a run alternate among a few actors (a client,
	// the API server serving it), which a comparison finds for less than
	// a lookup.
	recent [recentActors]trace.Actor
	// lastCall is the direct call seen last: a request's PERSIST to etcd
	// repeats the one before it.
	lastCall struct {
		verb     trace.Verb
		from, to trace.Actor
	}
}

// noActor is what no event names: mapActors' last actors before the first
// event.
const noActor trace.Actor = "\x00"

// recentActors is how many acting actors mapActors remembers.
const recentActors = 4

func newMapActors() *mapActors {
	b := &mapActors{seen: map[string]bool{}, lastFrom: noActor, lastTo: noActor}
	for i := range b.recent {
		b.recent[i] = noActor
	}
	return b
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

// event records the actors of one event, and its call when it is a
// direct one (PROXY, WEBHOOK, EXTERNAL, PERSIST).
func (b *mapActors) event(e *trace.Event) {
	from := string(e.From)
	if e.From != b.lastFrom {
		if !b.seenRecently(e.From) && !b.seen[from] {
			b.seen[from] = true
			id := result.MapID(from)
			switch {
			case id == "controller-manager" && from != id:
				b.members = append(b.members, from)
			case !component(from):
				b.clients = append(b.clients, from)
			}
		}
		b.lastFrom = e.From
	}
	if e.To != "" && e.To != b.lastTo {
		// The callee is most often one seen before (the API server, etcd):
		// a lookup costs less than a store.
		if to := string(e.To); !b.seen[to] {
			b.seen[to] = true
		}
		b.lastTo = e.To
	}
	switch e.Verb {
	case trace.Proxy, trace.Webhook, trace.External, trace.Persist:
		if c := &b.lastCall; c.verb == e.Verb && c.from == e.From && c.to == e.To {
			return
		}
		b.lastCall.verb, b.lastCall.from, b.lastCall.to = e.Verb, e.From, e.To
		edge := result.Edge{From: result.MapID(from), To: result.MapID(string(e.To)), Verb: e.Verb.String()}
		if !slices.Contains(b.direct, edge) {
			b.direct = append(b.direct, edge)
		}
	}
}

// seenRecently reports whether a is one of the recent acting actors,
// and makes it the most recent, putting it there when it is not: a
// caller that finds it not there records it seen.
func (b *mapActors) seenRecently(a trace.Actor) bool {
	r := &b.recent
	for i, x := range r {
		if x == a {
			copy(r[1:i+1], r[:i])
			r[0] = a
			return true
		}
	}
	copy(r[1:], r[:len(r)-1])
	r[0] = a
	return false
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
