package auth

import "github.com/loopbook/loopbook/engine/cluster/api"

// ControllerRolePrefix starts the name of every per-controller ClusterRole
// (bootstrappolicy/controller_policy.go, saRolePrefix).
const ControllerRolePrefix = "system:controller:"

// ControllerServiceAccount is the user a controller of kube-controller-
// manager acts as: the model runs it with --use-service-account-credentials
// (as kubeadm does), so each controller writes through a client
// authenticated as ServiceAccount kube-system/NAME, bound to ClusterRole
// system:controller:NAME. Its shared informers read with the controller
// manager's own identity, system:kube-controller-manager, which may list
// and watch everything.
func ControllerServiceAccount(controller string) string {
	return api.ServiceAccountUsername("kube-system", controller)
}

// The controllers of the model, by their ServiceAccount names.
const (
	ControllerDeployment       = "deployment-controller"
	ControllerReplicaSet       = "replicaset-controller"
	ControllerEndpointSlice    = "endpointslice-controller"
	ControllerNode             = "node-controller"
	ControllerGarbageCollector = "generic-garbage-collector"
	ControllerNamespace        = "namespace-controller"
	ControllerServiceAccounts  = "service-account-controller"
	ControllerHPA              = "horizontal-pod-autoscaler"
	ControllerStatefulSet      = "statefulset-controller"
	ControllerPVBinder         = "persistent-volume-binder"
	ControllerRoleAggregation  = "clusterrole-aggregation-controller"
)

// controllerRoles are the per-controller ClusterRoles of
// bootstrappolicy/controller_policy.go for the controllers the model runs,
// in that file's order; each is bound to its ServiceAccount in kube-system.
func controllerRoles() []roleSpec {
	return []roleSpec{
		{name: ControllerRolePrefix + ControllerRoleAggregation, rules: []PolicyRule{
			rule("escalate", "get", "list", "watch", "update", "patch").groups("rbac.authorization.k8s.io").resources("clusterroles"),
		}},
		{name: ControllerRolePrefix + ControllerDeployment, rules: []PolicyRule{
			rule("get", "list", "watch", "update").groups(extensionsGroup, appsGroup).resources("deployments"),
			rule("update").groups(extensionsGroup, appsGroup).resources("deployments/status"),
			rule("update").groups(extensionsGroup, appsGroup).resources("deployments/finalizers"),
			rule("get", "list", "watch", "create", "update", "patch", "delete").groups(appsGroup, extensionsGroup).resources("replicasets"),
			rule("get", "list", "watch", "update").groups(legacyGroup).resources("pods"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerEndpointSlice, rules: []PolicyRule{
			rule("get", "list", "watch").groups(legacyGroup).resources("services", "pods", "nodes"),
			rule("update").groups(legacyGroup).resources("services/finalizers"),
			rule("get", "list", "watch", "create", "update", "delete").groups(discoveryGroup).resources("endpointslices"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerGarbageCollector, rules: []PolicyRule{
			rule("get", "list", "watch", "patch", "update", "delete").groups("*").resources("*"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerHPA, rules: []PolicyRule{
			rule("get", "list", "watch").groups(autoscalingGroup).resources("horizontalpodautoscalers"),
			rule("update").groups(autoscalingGroup).resources("horizontalpodautoscalers/status"),
			rule("get", "update").groups("*").resources("*/scale"),
			rule("list", "watch").groups(legacyGroup).resources("pods"),
			rule("list", "watch").groups(metricsGroup).resources("pods"),
			rule("get", "list", "watch").groups(customMetricsGroup).resources("*"),
			rule("get", "list", "watch").groups(externalMetrics).resources("*"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerNamespace, rules: []PolicyRule{
			rule("get", "list", "watch", "delete").groups(legacyGroup).resources("namespaces"),
			rule("update").groups(legacyGroup).resources("namespaces/finalize", "namespaces/status"),
			rule("get", "list", "watch", "delete", "deletecollection").groups("*").resources("*"),
		}},
		{name: ControllerRolePrefix + ControllerNode, rules: []PolicyRule{
			rule("get", "list", "watch", "update", "delete", "patch").groups(legacyGroup).resources("nodes"),
			rule("patch", "update").groups(legacyGroup).resources("nodes/status"),
			rule("patch", "update").groups(legacyGroup).resources("pods/status"),
			rule("list", "watch", "get", "delete").groups(legacyGroup).resources("pods"),
			rule("get", "list", "watch").groups(coordinationGroup).resources("leases"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerPVBinder, rules: []PolicyRule{
			rule("get", "list", "watch", "update", "create", "delete").groups(legacyGroup).resources("persistentvolumes"),
			rule("update").groups(legacyGroup).resources("persistentvolumes/status"),
			rule("get", "list", "watch", "update").groups(legacyGroup).resources("persistentvolumeclaims"),
			rule("update").groups(legacyGroup).resources("persistentvolumeclaims/status"),
			rule("list", "watch", "get", "create", "delete").groups(legacyGroup).resources("pods"),
			rule("get", "list", "watch").groups(storageGroup).resources("storageclasses"),
			rule("list", "watch").groups(legacyGroup).resources("nodes"),
			eventsRule(),
			rule("watch").groups(legacyGroup).resources("events"),
		}},
		{name: ControllerRolePrefix + ControllerReplicaSet, rules: []PolicyRule{
			rule("get", "list", "watch", "update").groups(appsGroup, extensionsGroup).resources("replicasets"),
			rule("update").groups(appsGroup, extensionsGroup).resources("replicasets/status"),
			rule("update").groups(appsGroup, extensionsGroup).resources("replicasets/finalizers"),
			rule("list", "watch", "patch", "create", "delete").groups(legacyGroup).resources("pods"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerServiceAccounts, rules: []PolicyRule{
			rule("create").groups(legacyGroup).resources("serviceaccounts"),
			eventsRule(),
		}},
		{name: ControllerRolePrefix + ControllerStatefulSet, rules: []PolicyRule{
			rule("list", "watch").groups(legacyGroup).resources("pods"),
			rule("get", "list", "watch").groups(appsGroup).resources("statefulsets"),
			rule("update").groups(appsGroup).resources("statefulsets/status"),
			rule("update").groups(appsGroup).resources("statefulsets/finalizers"),
			rule("get", "create", "delete", "update", "patch").groups(legacyGroup).resources("pods"),
			rule("get", "create", "delete", "update", "patch", "list", "watch").groups(appsGroup).resources("controllerrevisions"),
			rule("get", "create", "list", "watch").groups(legacyGroup).resources("persistentvolumeclaims"),
			rule("update", "delete").groups(legacyGroup).resources("persistentvolumeclaims"),
			rule("update").groups(legacyGroup).resources("pods/finalizers"),
			eventsRule(),
		}},
	}
}
