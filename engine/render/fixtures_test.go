package render

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// The fixtures are hand-built results shaped as the engine fills them for
// the source course's cluster: two workers, an HA endpoint, extensions.

func inv(why string, reads, watches, writes, calls []string) result.Inventory {
	return result.Inventory{Reads: reads, Watches: watches, Writes: writes, Calls: calls, Why: why}
}

func fixtureMap() *result.Map {
	return &result.Map{
		Actors: []result.MapActor{
			{ID: "alice", Label: "alice", Role: result.RoleClient,
				Inventory: inv("Declare, inspect or automate cluster state.", []string{"GET deployments"}, nil, []string{"CREATE deployments"}, nil)},
			{ID: "automation", Label: "automation", Role: result.RoleClient},
			{ID: "cloud", Label: "external provider", Role: result.RoleExternal},
			{ID: "fault", Label: "fault", Role: result.RoleFault},
			{ID: "endpoint", Label: "control-plane endpoint", Role: result.RoleEndpoint},
			{ID: "apiserver", Label: "kube-apiserver", Role: result.RoleAPIServer,
				Inventory: inv("Provide one authenticated, authorized, policy-aware state surface.", []string{"GET etcd"}, []string{"WATCH etcd"}, []string{"PUT etcd"}, []string{"WEBHOOK to policy-webhook"})},
			{ID: "apiserver-2", Label: "kube-apiserver 2", Role: result.RoleAPIServer},
			{ID: "controller-manager", Label: "kube-controller-manager", Role: result.RoleControllerManager,
				Members:   []string{"deployment-controller", "replicaset-controller"},
				Inventory: inv("Move observed state toward desired state.", []string{"LIST deployments", "LIST replicasets"}, []string{"WATCH deployments", "WATCH pods"}, []string{"CREATE replicasets", "CREATE pods"}, nil)},
			{ID: "scheduler", Label: "kube-scheduler", Role: result.RoleScheduler,
				Inventory: inv("Choose placement; it does not start containers.", []string{"LIST nodes"}, []string{"WATCH pods"}, []string{"CREATE pods/binding"}, nil)},
			{ID: "etcd", Label: "etcd", Role: result.RoleEtcd},
			{ID: "policy-webhook", Label: "admission webhook", Role: result.RoleExtension},
			{ID: "cloud-controller", Label: "cloud controller", Role: result.RoleExtension},
			{ID: "kubelet/worker-a", Label: "kubelet", Role: result.RoleKubelet, Node: "worker-a",
				Inventory: inv("Make assigned Pod state real on worker-a.", []string{"GET configmaps"}, []string{"WATCH pods"}, []string{"PATCH pods/status", "UPDATE leases"}, []string{"CRI.StartContainer to runtime/worker-a"})},
			{ID: "runtime/worker-a", Label: "container runtime", Role: result.RoleRuntime, Node: "worker-a"},
			{ID: "proxy/worker-a", Label: "service proxy", Role: result.RoleProxy, Node: "worker-a"},
			{ID: "pod/demo/web-a", Label: "web-a", Role: result.RolePod, Node: "worker-a"},
			{ID: "kubelet/worker-b", Label: "kubelet", Role: result.RoleKubelet, Node: "worker-b"},
			{ID: "runtime/worker-b", Label: "container runtime", Role: result.RoleRuntime, Node: "worker-b"},
			{ID: "pod/demo/web-b", Label: "web-b", Role: result.RolePod, Node: "worker-b", Broken: true},
			{ID: "pod/demo/probe-7c9d4-x2kqp", Label: "probe-7c9d4-x2kqp", Role: result.RolePod},
		},
		Direct: []result.Edge{
			{From: "apiserver", To: "etcd", Verb: "PUT"},
			{From: "apiserver", To: "policy-webhook", Verb: "WEBHOOK"},
			{From: "apiserver", To: "kubelet/worker-a", Verb: "PROXY"},
			{From: "cloud-controller", To: "cloud", Verb: "EXTERNAL"},
		},
	}
}

func fixtureMapBlock() *result.MapBlock {
	return &result.MapBlock{ID: "who-talks", Title: "Inspect each actor's scope", Map: fixtureMap()}
}

// at is a virtual instant ms milliseconds after the start.
func at(ms int) sim.Time { return sim.Time(time.Duration(ms) * time.Millisecond) }
