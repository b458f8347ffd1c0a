package auth

// viewRules are the rules of system:aggregate-to-view, which the view,
// edit and admin roles aggregate (bootstrappolicy/policy.go, viewRules,
// with v1.37's default gates: DynamicResourceAllocation on,
// GenericWorkload, CompositePodGroup and EvictionRequestAPI off).
func viewRules() []PolicyRule {
	return []PolicyRule{
		rule(read()...).groups(legacyGroup).resources("pods", "replicationcontrollers", "replicationcontrollers/scale", "serviceaccounts",
			"services", "services/status", "endpoints", "persistentvolumeclaims", "persistentvolumeclaims/status", "configmaps"),
		rule(read()...).groups(legacyGroup).resources("limitranges", "resourcequotas", "bindings",
			"pods/status", "resourcequotas/status", "namespaces/status", "replicationcontrollers/status", "pods/log"),
		// Reading namespaces at namespace scope reads this namespace.
		rule(read()...).groups(legacyGroup).resources("namespaces"),
		rule(read()...).groups(legacyGroup, eventsGroup).resources("events"),
		rule(read()...).groups(discoveryGroup).resources("endpointslices"),
		rule(read()...).groups(appsGroup).resources("controllerrevisions",
			"statefulsets", "statefulsets/status", "statefulsets/scale",
			"daemonsets", "daemonsets/status",
			"deployments", "deployments/status", "deployments/scale",
			"replicasets", "replicasets/status", "replicasets/scale"),
		rule(read()...).groups(autoscalingGroup).resources("horizontalpodautoscalers", "horizontalpodautoscalers/status"),
		rule(read()...).groups(batchGroup).resources("jobs", "cronjobs", "cronjobs/status", "jobs/status"),
		rule(read()...).groups(extensionsGroup).resources("daemonsets", "daemonsets/status", "deployments", "deployments/scale", "deployments/status",
			"ingresses", "ingresses/status", "replicasets", "replicasets/scale", "replicasets/status", "replicationcontrollers/scale",
			"networkpolicies"),
		rule(read()...).groups(policyGroup).resources("poddisruptionbudgets", "poddisruptionbudgets/status"),
		rule(read()...).groups(networkingGroup).resources("networkpolicies", "ingresses", "ingresses/status"),
		rule(read()...).groups(resourceGroup).resources("resourceclaims", "resourceclaims/status", "resourceclaimtemplates"),
	}
}

// editRules are the rules of system:aggregate-to-edit
// (bootstrappolicy/policy.go, editRules, same gates as viewRules).
func editRules() []PolicyRule {
	return []PolicyRule{
		// Read on escalating resources.
		rule(read()...).groups(legacyGroup).resources("pods/attach", "pods/proxy", "pods/exec", "pods/portforward", "secrets", "services/proxy"),
		rule("impersonate").groups(legacyGroup).resources("serviceaccounts"),
		rule(write()...).groups(legacyGroup).resources("pods", "pods/attach", "pods/proxy", "pods/exec", "pods/portforward"),
		rule("create").groups(legacyGroup).resources("pods/eviction"),
		rule(write()...).groups(legacyGroup).resources("replicationcontrollers", "replicationcontrollers/scale", "serviceaccounts",
			"services", "services/proxy", "persistentvolumeclaims", "configmaps", "secrets"),
		rule("create").groups(legacyGroup).resources("serviceaccounts/token"),
		rule(write()...).groups(legacyGroup, eventsGroup).resources("events"),
		rule(write()...).groups(appsGroup).resources("statefulsets", "statefulsets/scale",
			"daemonsets",
			"deployments", "deployments/scale", "deployments/rollback",
			"replicasets", "replicasets/scale"),
		rule(write()...).groups(autoscalingGroup).resources("horizontalpodautoscalers"),
		rule(write()...).groups(batchGroup).resources("jobs", "cronjobs"),
		rule(write()...).groups(extensionsGroup).resources("daemonsets",
			"deployments", "deployments/scale", "deployments/rollback", "ingresses",
			"replicasets", "replicasets/scale", "replicationcontrollers/scale",
			"networkpolicies"),
		rule(write()...).groups(policyGroup).resources("poddisruptionbudgets"),
		rule(write()...).groups(networkingGroup).resources("networkpolicies", "ingresses"),
		rule(readWrite()...).groups(coordinationGroup).resources("leases"),
		rule(write()...).groups(resourceGroup).resources("resourceclaims", "resourceclaimtemplates"),
	}
}
