package auth

// roleSpec is a bootstrap ClusterRole before it becomes an object.
type roleSpec struct {
	name   string
	labels map[string]string
	// aggregate lists the label keys whose value "true" selects the
	// ClusterRoles this one aggregates (aggregationRule.clusterRoleSelectors).
	aggregate []string
	rules     []PolicyRule
}

// The aggregation labels of the user-facing roles (bootstrappolicy/policy.go).
const (
	aggregateToAdmin = "rbac.authorization.k8s.io/aggregate-to-admin"
	aggregateToEdit  = "rbac.authorization.k8s.io/aggregate-to-edit"
	aggregateToView  = "rbac.authorization.k8s.io/aggregate-to-view"
)

// clusterRoles are the ClusterRoles of bootstrappolicy/policy.go the model
// uses, in that file's order. Left out: system:heapster,
// system:node-problem-detector, system:node-bootstrapper,
// system:auth-delegator, system:kube-aggregator, system:kube-dns,
// system:persistent-volume-provisioner, system:kubelet-api-admin, the
// certificates roles and system:cluster-trust-bundle-discovery, none of
// which an actor of the model acts as.
func clusterRoles() []roleSpec {
	return []roleSpec{
		{name: "cluster-admin", rules: []PolicyRule{
			rule("*").groups("*").resources("*"),
			rule("*").urls("*"),
		}},
		{name: "system:discovery", rules: []PolicyRule{
			rule("get").urls("/livez", "/readyz", "/healthz", "/version", "/version/",
				"/openapi", "/openapi/*", "/api", "/api/*", "/apis", "/apis/*"),
		}},
		// ComponentFlagz and ComponentStatusz are beta, on by default, in v1.37.
		{name: "system:monitoring", rules: []PolicyRule{
			rule("get").urls("/metrics", "/metrics/slis", "/livez", "/readyz", "/healthz",
				"/livez/*", "/readyz/*", "/healthz/*", "/flagz", "/statusz"),
			rule("get").groups(legacyGroup).resources("nodes/metrics"),
		}},
		{name: "system:basic-user", rules: []PolicyRule{
			rule("create").groups(authorizationGroup).resources("selfsubjectaccessreviews", "selfsubjectrulesreviews"),
			rule("create").groups(authenticationGroup).resources("selfsubjectreviews"),
		}},
		{name: "system:public-info-viewer", rules: []PolicyRule{
			rule("get").urls("/livez", "/readyz", "/healthz", "/version", "/version/"),
		}},
		{name: "admin", aggregate: []string{aggregateToAdmin}},
		{name: "edit", labels: map[string]string{aggregateToAdmin: "true"}, aggregate: []string{aggregateToEdit}},
		{name: "view", labels: map[string]string{aggregateToEdit: "true"}, aggregate: []string{aggregateToView}},
		{name: "system:aggregate-to-admin", labels: map[string]string{aggregateToAdmin: "true"}, rules: []PolicyRule{
			rule("create").groups(authorizationGroup).resources("localsubjectaccessreviews"),
			rule(readWrite()...).groups("rbac.authorization.k8s.io").resources("roles", "rolebindings"),
		}},
		{name: "system:aggregate-to-edit", labels: map[string]string{aggregateToEdit: "true"}, rules: editRules()},
		{name: "system:aggregate-to-view", labels: map[string]string{aggregateToView: "true"}, rules: viewRules()},
		{name: "system:node", rules: NodeRules()},
		{name: "system:kube-controller-manager", rules: []PolicyRule{
			eventsRule(),
			// Leader election.
			rule("create").groups(coordinationGroup).resources("leases"),
			rule("get", "update").groups(coordinationGroup).resources("leases").names("kube-controller-manager"),
			rule("create").groups(legacyGroup).resources("secrets", "serviceaccounts"),
			rule("delete").groups(legacyGroup).resources("secrets"),
			rule("get").groups(legacyGroup).resources("namespaces", "secrets", "serviceaccounts", "configmaps"),
			rule("update").groups(legacyGroup).resources("secrets", "serviceaccounts"),
			rule("create").groups(authenticationGroup).resources("tokenreviews"),
			rule("create").groups(authorizationGroup).resources("subjectaccessreviews"),
			// Every shared informer.
			rule("list", "watch").groups("*").resources("*"),
			// Tokens for the per-controller ServiceAccounts.
			rule("create").groups(legacyGroup).resources("serviceaccounts/token"),
		}},
		{name: "system:volume-scheduler", rules: []PolicyRule{
			rule(readUpdate()...).groups(legacyGroup).resources("persistentvolumes"),
			rule(read()...).groups(storageGroup).resources("storageclasses"),
			rule(readUpdate()...).groups(legacyGroup).resources("persistentvolumeclaims"),
		}},
		{name: "system:service-account-issuer-discovery", rules: []PolicyRule{
			rule("get").urls("/.well-known/openid-configuration", "/.well-known/openid-configuration/",
				"/openid/v1/jwks", "/openid/v1/jwks/"),
		}},
		// MultiCIDRServiceAllocator is GA and locked on in v1.37.
		{name: "system:node-proxier", rules: []PolicyRule{
			rule("list", "watch").groups(legacyGroup).resources("services", "endpoints"),
			rule("get", "list", "watch").groups(legacyGroup).resources("nodes"),
			eventsRule(),
			rule("list", "watch").groups(networkingGroup).resources("servicecidrs"),
			rule("list", "watch").groups(discoveryGroup).resources("endpointslices"),
		}},
		{name: "system:kube-scheduler", rules: kubeSchedulerRules()},
	}
}

// kubeSchedulerRules are system:kube-scheduler's rules
// (bootstrappolicy/policy.go, with v1.37's default gates:
// DynamicResourceAllocation, DRAExtendedResource, DRADeviceTaintRules and
// DRAResourceClaimGranularStatusAuthorization on, GenericWorkload and
// CompositePodGroup off).
func kubeSchedulerRules() []PolicyRule {
	return []PolicyRule{
		eventsRule(),
		// Leader election.
		rule("create").groups(coordinationGroup).resources("leases"),
		rule("get", "update", "list", "watch").groups(coordinationGroup).resources("leases").names("kube-scheduler"),
		rule(readWrite()...).groups(coordinationGroup).resources("leasecandidates"),
		rule(read()...).groups(legacyGroup).resources("nodes"),
		rule("get", "list", "watch", "delete").groups(legacyGroup).resources("pods"),
		rule("create").groups(legacyGroup).resources("pods/binding", "bindings"),
		rule("patch", "update").groups(legacyGroup).resources("pods/status"),
		rule(read()...).groups(legacyGroup).resources("services", "replicationcontrollers"),
		rule(read()...).groups(appsGroup, extensionsGroup).resources("replicasets"),
		rule(read()...).groups(appsGroup).resources("statefulsets"),
		rule(read()...).groups(policyGroup).resources("poddisruptionbudgets"),
		rule(read()...).groups(legacyGroup).resources("persistentvolumeclaims", "persistentvolumes"),
		rule("create").groups(authenticationGroup).resources("tokenreviews"),
		rule("create").groups(authorizationGroup).resources("subjectaccessreviews"),
		rule(read()...).groups(storageGroup).resources("csinodes"),
		rule("get", "list", "watch").groups(storageGroup).resources("volumeattachments"),
		rule(read()...).groups(legacyGroup).resources("namespaces"),
		rule(read()...).groups(storageGroup).resources("csidrivers"),
		rule(read()...).groups(storageGroup).resources("csistoragecapacities"),
		// Dynamic resource allocation.
		rule(read()...).groups(resourceGroup).resources("deviceclasses"),
		rule(readUpdate()...).groups(resourceGroup).resources("resourceclaims"),
		rule(readUpdate()...).groups(resourceGroup).resources("resourceclaims/status"),
		rule("update").groups(legacyGroup).resources("pods/finalizers"),
		rule(read()...).groups(resourceGroup).resources("resourceslices"),
		rule("create", "delete").groups(resourceGroup).resources("resourceclaims"),
		rule(read()...).groups(resourceGroup).resources("devicetaintrules"),
		rule("update", "patch").groups(resourceGroup).resources("resourceclaims/binding"),
	}
}
