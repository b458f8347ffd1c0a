package auth

// NodeRules are the rules of the system:node ClusterRole, which the Node
// authorizer applies to every node for the resources it does not
// subdivide (bootstrappolicy/policy.go, NodeRules, with Kubernetes
// v1.37's default feature gates: DynamicResourceAllocation,
// ClusterTrustBundle, KubeletServiceAccountTokenForCredentialProviders and
// PodCertificateRequest on, CSIVolumeHealth off).
func NodeRules() []PolicyRule {
	return []PolicyRule{
		// Needed to check API access.
		rule("create").groups(authenticationGroup).resources("tokenreviews"),
		rule("create").groups(authorizationGroup).resources("subjectaccessreviews", "localsubjectaccessreviews"),
		// Services, for the Pods' environment variables.
		rule(read()...).groups(legacyGroup).resources("services"),
		// Node registration and status; NodeRestriction limits a node to
		// its own object.
		rule("create", "get", "list", "watch").groups(legacyGroup).resources("nodes"),
		rule("update", "patch").groups(legacyGroup).resources("nodes/status"),
		rule("update", "patch").groups(legacyGroup).resources("nodes"),
		rule("create", "update", "patch").groups(legacyGroup, eventsGroup).resources("events"),
		// Pods: reads are narrowed by the Node authorizer, writes by
		// NodeRestriction.
		rule(read()...).groups(legacyGroup).resources("pods"),
		rule("create", "delete").groups(legacyGroup).resources("pods"),
		rule("update", "patch").groups(legacyGroup).resources("pods/status"),
		rule("create").groups(legacyGroup).resources("pods/eviction"),
		// Secrets and ConfigMaps of its Pods (narrowed by the Node authorizer).
		rule("get", "list", "watch").groups(legacyGroup).resources("secrets", "configmaps"),
		rule("get").groups(legacyGroup).resources("persistentvolumeclaims", "persistentvolumes"),
		rule("get").groups(legacyGroup).resources("endpoints"),
		rule("create", "get", "list", "watch").groups(certificatesGroup).resources("certificatesigningrequests"),
		rule("get", "create", "update", "patch", "delete").groups(coordinationGroup).resources("leases"),
		rule("get").groups(storageGroup).resources("volumeattachments"),
		rule("create").groups(legacyGroup).resources("serviceaccounts/token"),
		rule("get", "update", "patch").groups(legacyGroup).resources("persistentvolumeclaims/status"),
		rule("get", "watch", "list").groups(storageGroup).resources("csidrivers"),
		rule("get", "create", "update", "patch", "delete").groups(storageGroup).resources("csinodes"),
		rule("get", "list", "watch").groups(nodeGroup).resources("runtimeclasses"),
		rule("get").groups(resourceGroup).resources("resourceclaims"),
		rule("deletecollection").groups(resourceGroup).resources("resourceslices"),
		rule("get", "list", "watch").groups(certificatesGroup).resources("clustertrustbundles"),
		rule("get").groups(legacyGroup).resources("serviceaccounts"),
		rule("get", "list", "watch", "create").groups(certificatesGroup).resources("podcertificaterequests"),
	}
}
