package result

import "strings"

// Role is where an actor sits on the cluster map.
type Role uint8

// The roles, in the map's top-to-bottom, left-to-right order.
const (
	RoleClient Role = iota + 1
	RoleEndpoint
	RoleAPIServer
	RoleEtcd
	RoleControllerManager
	RoleScheduler
	RoleExtension
	RoleExternal
	RoleKubelet
	RoleRuntime
	RoleProxy
	RolePod
	RoleFault
)

var roleNames = [...]string{
	RoleClient: "client", RoleEndpoint: "endpoint", RoleAPIServer: "apiserver", RoleEtcd: "etcd",
	RoleControllerManager: "controller-manager", RoleScheduler: "scheduler", RoleExtension: "extension",
	RoleExternal: "external", RoleKubelet: "kubelet", RoleRuntime: "runtime", RoleProxy: "proxy",
	RolePod: "pod", RoleFault: "fault",
}

// String returns the role's word, used as a CSS class.
func (r Role) String() string {
	if int(r) < len(roleNames) && roleNames[r] != "" {
		return roleNames[r]
	}
	return "actor"
}

// OnNode reports whether actors of the role sit in a Node's column: the
// kubelet, the runtime, the service proxy and Pods.
func (r Role) OnNode() bool {
	return r == RoleKubelet || r == RoleRuntime || r == RoleProxy || r == RolePod
}

// Map is a cluster laid out for drawing: every actor once, in drawing
// order.
type Map struct {
	Actors []MapActor
	// Direct lists the named exceptions to "everything goes through the
	// API server" seen in the traces: PROXY, WEBHOOK, EXTERNAL calls and
	// the API server's calls to etcd.
	Direct []Edge
}

// Actor returns the map actor with id, or nil.
func (m *Map) Actor(id string) *MapActor {
	if m == nil {
		return nil
	}
	for i := range m.Actors {
		if m.Actors[i].ID == id {
			return &m.Actors[i]
		}
	}
	return nil
}

// MapActor is one box on the map.
type MapActor struct {
	// ID is the map id: a trace actor id ("apiserver", "kubelet/worker-a",
	// "alice"), "controller-manager" for the controllers it hosts, or
	// "pod/NS/NAME" for a Pod.
	ID    string
	Label string
	Role  Role
	// Node is the Node of a node-local actor or Pod.
	Node string
	// Members are the trace actors drawn as this box (the controllers
	// inside the controller manager); empty when the box is one actor.
	Members []string
	// Broken is set when a fault has this actor down.
	Broken bool
	// Inventory is what the traces show the actor doing.
	Inventory Inventory
}

// Inventory is an actor's part in the traces: what it reads, watches and
// writes (as "VERB resource"), and the author's account of why.
type Inventory struct {
	Reads, Watches, Writes []string
	// Calls are direct calls to actors other than the API server
	// ("WEBHOOK to apiserver", "CRI.StartContainer to runtime/worker-a").
	Calls []string
	// CalledBy are the direct calls the actor answers
	// ("CRI.StartContainer from kubelet/worker-a", "PERSIST from
	// apiserver").
	CalledBy []string
	Why      string
}

// Edge is one directed call between map actors, labelled with its verb.
type Edge struct {
	From, To, Verb string
}

// MapID returns the map box a trace actor is drawn as: the controllers
// kube-controller-manager hosts are inside "controller-manager", the rest
// are drawn as themselves. The names are matched in switches, not maps:
// MapID runs for the actors of every event a map or a step draws.
func MapID(actor string) string {
	switch actor {
	// The names the API server dials for a component that is also an
	// actor of its own: metrics-server, reached through its Service.
	case "metrics-server.kube-system.svc":
		return "metrics-server"
	// Controllers outside kube-controller-manager: the cloud controller
	// manager's service controller, and a Gateway API implementation's.
	case "service-controller":
		return "cloud-controller-manager"
	case "gateway-controller":
		return "gateway-controller"
	// The kube-controller-manager controllers whose trace names do not
	// end in "-controller" (their ServiceAccount names, as
	// kube-controller-manager's bootstrap policy gives them).
	case "generic-garbage-collector", "root-ca-cert-publisher", "horizontal-pod-autoscaler",
		"persistent-volume-binder", "attachdetach-controller":
		return "controller-manager"
	}
	if strings.HasPrefix(actor, "controller-manager") ||
		(strings.HasSuffix(actor, "-controller") && !strings.Contains(actor, "/")) {
		return "controller-manager"
	}
	return actor
}
