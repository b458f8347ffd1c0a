package object

import "sync"

// NewBuiltinRegistry returns a registry with the kinds the model serves, in
// kube-apiserver's discovery order (core first, then the groups). Names,
// short names, scope, verbs and subresources are those `kubectl
// api-resources -o wide` shows for Kubernetes v1.37; Event is the core/v1
// kind (events.k8s.io/v1 is not registered, so "ev" and "events" resolve to
// it unambiguously); Endpoints (ep) is not modelled, EndpointSlice is.
//
// The kinds are registered once per process, into a template that each
// registry copies: every registry has KindInfo values and tables of its
// own, so a CRD registered in one cluster never shows in another.
func NewBuiltinRegistry() *Registry { return builtinTemplate().instantiate() }

// builtinTemplate is the built-in registry every NewBuiltinRegistry
// copies; nothing registers into it after it is built.
var builtinTemplate = sync.OnceValue(func() *registryTemplate {
	r := NewRegistry()
	for _, k := range append(append(builtinKinds(), batchKinds()...), podDisruptionBudgetKind()) {
		r.MustRegister(k)
	}
	return newRegistryTemplate(r)
})

var (
	verbsAll      = []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}
	verbsNoDelCol = []string{"create", "delete", "get", "list", "patch", "update", "watch"}
	catAll        = []string{"all"}
)

func cols(names ...string) []Column {
	out := make([]Column, 0, len(names))
	for _, n := range names {
		c := Column{Name: n, Type: "string"}
		if n[0] == '+' { // wide-only column
			c.Name, c.Priority = n[1:], 1
		}
		out = append(out, c)
	}
	return out
}

// builtinKinds builds fresh KindInfo values.
// Printer columns are the server-side table columns of
// pkg/printers/internalversion/printers.go ("+" marks -o wide only).
func builtinKinds() []*KindInfo {
	return []*KindInfo{
		// core/v1
		{Version: "v1", Kind: "Binding", Resource: "bindings", Namespaced: true, Verbs: []string{"create"},
			Validate: validateBinding},
		{Version: "v1", Kind: "ConfigMap", Resource: "configmaps", ShortNames: []string{"cm"}, Namespaced: true, Verbs: verbsAll,
			Columns: cols("Name", "Data", "Age"), Validate: validateConfigMap, Schema: configMapSchema},
		{Version: "v1", Kind: "Event", Resource: "events", ShortNames: []string{"ev"}, Namespaced: true, Verbs: verbsAll,
			Columns: cols("Last Seen", "Type", "Reason", "Object", "Message")},
		{Version: "v1", Kind: "LimitRange", Resource: "limitranges", ShortNames: []string{"limits"}, Namespaced: true, Verbs: verbsAll,
			Columns: cols("Name", "Created At"), Default: DefaultLimitRange, Validate: validateLimitRange, Schema: limitRangeSchema},
		{Version: "v1", Kind: "Namespace", Resource: "namespaces", ShortNames: []string{"ns"}, Verbs: verbsNoDelCol,
			Subresources: []string{"status", "finalize"}, NameRule: NameDNSLabel,
			Columns: cols("Name", "Status", "Age"), Default: DefaultNamespace, Schema: namespaceSchema},
		{Version: "v1", Kind: "Node", Resource: "nodes", ShortNames: []string{"no"}, Verbs: verbsAll,
			Subresources: []string{"status", "proxy"},
			Columns:      cols("Name", "Status", "Roles", "Age", "Version", "+Internal-IP", "+External-IP", "+OS-Image", "+Kernel-Version", "+Container-Runtime"),
			Default:      DefaultNode},
		{Version: "v1", Kind: "PersistentVolumeClaim", Resource: "persistentvolumeclaims", ShortNames: []string{"pvc"}, Namespaced: true, Verbs: verbsAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Status", "Volume", "Capacity", "Access Modes", "StorageClass", "VolumeAttributesClass", "Age", "+VolumeMode"),
			Default:      DefaultPersistentVolumeClaim, Validate: validatePVC, Schema: pvcSchema},
		{Version: "v1", Kind: "PersistentVolume", Resource: "persistentvolumes", ShortNames: []string{"pv"}, Verbs: verbsAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Capacity", "Access Modes", "Reclaim Policy", "Status", "Claim", "StorageClass", "VolumeAttributesClass", "Reason", "Age", "+VolumeMode"),
			Default:      DefaultPersistentVolume, Validate: validatePersistentVolume},
		{Version: "v1", Kind: "Pod", Resource: "pods", ShortNames: []string{"po"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"attach", "binding", "ephemeralcontainers", "eviction", "exec", "log", "portforward", "proxy", "resize", "status"},
			Columns:      cols("Name", "Ready", "Status", "Restarts", "Age", "+IP", "+Node", "+Nominated Node", "+Readiness Gates"),
			// PodObservedGenerationTracking: generation 1 on create, bumped on spec changes.
			Generation: GenerationSpec,
			Default:    DefaultPod, Validate: validatePod, ValidateStatus: validatePodStatus, Schema: podSchema},
		{Version: "v1", Kind: "ResourceQuota", Resource: "resourcequotas", ShortNames: []string{"quota"}, Namespaced: true, Verbs: verbsAll,
			Subresources: []string{"status"}, Columns: cols("Name", "Request", "Limit", "Age"),
			Validate: validateResourceQuota, Schema: resourceQuotaSchema},
		{Version: "v1", Kind: "Secret", Resource: "secrets", Namespaced: true, Verbs: verbsAll,
			Columns: cols("Name", "Type", "Data", "Age"), Default: DefaultSecret, Validate: validateSecret, Schema: secretSchema},
		{Version: "v1", Kind: "ServiceAccount", Resource: "serviceaccounts", ShortNames: []string{"sa"}, Namespaced: true, Verbs: verbsAll,
			Subresources: []string{"token"}, Columns: cols("Name", "Secrets", "Age"), Schema: serviceAccountSchema},
		{Version: "v1", Kind: "Service", Resource: "services", ShortNames: []string{"svc"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"proxy", "status"}, NameRule: NameDNS1035Label,
			Columns: cols("Name", "Type", "Cluster-IP", "External-IP", "Port(s)", "Age", "+Selector"),
			Default: DefaultService, Validate: validateService, Schema: serviceSchema},

		// admissionregistration.k8s.io/v1
		{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "MutatingWebhookConfiguration", Resource: "mutatingwebhookconfigurations", Verbs: verbsAll,
			Columns: cols("Name", "Webhooks", "Age"), Generation: GenerationAllButMetadata,
			Default: defaultWebhooks(true), Validate: validateWebhooks},
		{Group: "admissionregistration.k8s.io", Version: "v1", Kind: "ValidatingWebhookConfiguration", Resource: "validatingwebhookconfigurations", Verbs: verbsAll,
			Columns: cols("Name", "Webhooks", "Age"), Generation: GenerationAllButMetadata,
			Default: defaultWebhooks(false), Validate: validateWebhooks},

		// apiextensions.k8s.io/v1
		{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition", Resource: "customresourcedefinitions", ShortNames: []string{"crd", "crds"}, Verbs: verbsAll,
			Subresources: []string{"status"}, Columns: cols("Name", "Created At"), Generation: GenerationSpec,
			Default: DefaultCustomResourceDefinition, Validate: validateCRD},

		// apiregistration.k8s.io/v1
		{Group: "apiregistration.k8s.io", Version: "v1", Kind: "APIService", Resource: "apiservices", Verbs: verbsAll,
			Subresources: []string{"status"}, Columns: cols("Name", "Service", "Available", "Age"), Default: DefaultAPIService},

		// apps/v1
		controllerRevisionKind(),
		{Group: "apps", Version: "v1", Kind: "DaemonSet", Resource: "daemonsets", ShortNames: []string{"ds"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Desired", "Current", "Ready", "Up-to-date", "Available", "Node Selector", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec,
			Default:      DefaultDaemonSet, Validate: validateDaemonSet, Schema: daemonSetSchema},
		{Group: "apps", Version: "v1", Kind: "Deployment", Resource: "deployments", ShortNames: []string{"deploy"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"scale", "status"},
			Columns:      cols("Name", "Ready", "Up-to-date", "Available", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpecAndAnnotations,
			Default:      DefaultDeployment, Validate: validateDeployment, ValidateStatus: validateDeploymentStatus, Schema: deploymentSchema},
		{Group: "apps", Version: "v1", Kind: "ReplicaSet", Resource: "replicasets", ShortNames: []string{"rs"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"scale", "status"},
			Columns:      cols("Name", "Desired", "Current", "Ready", "Age", "+Containers", "+Images", "+Selector"),
			Generation:   GenerationSpec,
			Default:      DefaultReplicaSet, Validate: validateReplicaSet, ValidateStatus: validateReplicaSetStatus, Schema: replicaSetSchema},
		{Group: "apps", Version: "v1", Kind: "StatefulSet", Resource: "statefulsets", ShortNames: []string{"sts"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"scale", "status"},
			Columns:      cols("Name", "Ready", "Age", "+Containers", "+Images"),
			Generation:   GenerationSpec,
			Default:      DefaultStatefulSet, Validate: validateStatefulSet, Schema: statefulSetSchema},

		// autoscaling
		{Group: "autoscaling", Version: "v2", Kind: "HorizontalPodAutoscaler", Resource: "horizontalpodautoscalers", ShortNames: []string{"hpa"}, Namespaced: true, Verbs: verbsAll, Categories: catAll,
			Subresources: []string{"status"},
			Columns:      cols("Name", "Reference", "Targets", "MinPods", "MaxPods", "Replicas", "Age"),
			// HPAGeneration (pkg/registry/autoscaling/horizontalpodautoscaler/strategy.go)
			Generation: GenerationSpec,
			Default:    DefaultHorizontalPodAutoscaler, Validate: validateHPA, Schema: hpaSchema},
		{Group: "autoscaling", Version: "v1", Kind: "Scale", Resource: "scales", Namespaced: true, BodyOnly: true,
			Validate: validateScale},

		// authentication.k8s.io/v1: who the caller is, never stored
		// (pkg/registry/authentication/selfsubjectreview).
		{Group: "authentication.k8s.io", Version: "v1", Kind: "SelfSubjectReview", Resource: "selfsubjectreviews", Verbs: []string{"create"}},

		// authorization.k8s.io/v1: reviews the authorizer answers, never
		// stored (pkg/registry/authorization).
		{Group: "authorization.k8s.io", Version: "v1", Kind: "SelfSubjectAccessReview", Resource: "selfsubjectaccessreviews", Verbs: []string{"create"}},
		{Group: "authorization.k8s.io", Version: "v1", Kind: "SubjectAccessReview", Resource: "subjectaccessreviews", Verbs: []string{"create"}},

		// coordination.k8s.io/v1
		{Group: "coordination.k8s.io", Version: "v1", Kind: "Lease", Resource: "leases", Namespaced: true, Verbs: verbsAll,
			Columns: cols("Name", "Holder", "Age"), Validate: validateLease, Schema: leaseSchema},

		// discovery.k8s.io/v1
		{Group: "discovery.k8s.io", Version: "v1", Kind: "EndpointSlice", Resource: "endpointslices", Namespaced: true, Verbs: verbsAll,
			Columns:    cols("Name", "AddressType", "Ports", "Endpoints", "Age"),
			Generation: GenerationAllButMetadata, Default: DefaultEndpointSlice, Validate: validateEndpointSlice},

		// networking.k8s.io/v1
		{Group: "networking.k8s.io", Version: "v1", Kind: "Ingress", Resource: "ingresses", ShortNames: []string{"ing"}, Namespaced: true, Verbs: verbsAll,
			Subresources: []string{"status"}, Columns: cols("Name", "Class", "Hosts", "Address", "Ports", "Age"),
			Generation: GenerationSpec, Validate: validateIngress},
		ingressClassKind(),

		// policy/v1
		{Group: "policy", Version: "v1", Kind: "Eviction", Resource: "evictions", Namespaced: true, BodyOnly: true},

		// rbac.authorization.k8s.io/v1
		{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRoleBinding", Resource: "clusterrolebindings", Verbs: verbsAll,
			NameRule: NamePathSegment, Columns: cols("Name", "Role", "Age", "+Users", "+Groups", "+ServiceAccounts"),
			Default: defaultRBACSubjects, Validate: validateRoleBinding(true)},
		{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "ClusterRole", Resource: "clusterroles", Verbs: verbsAll,
			NameRule: NamePathSegment, Columns: cols("Name", "Created At"), Validate: validateRBACRules},
		{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "RoleBinding", Resource: "rolebindings", Namespaced: true, Verbs: verbsAll,
			NameRule: NamePathSegment, Columns: cols("Name", "Role", "Age", "+Users", "+Groups", "+ServiceAccounts"),
			Default: defaultRBACSubjects, Validate: validateRoleBinding(false)},
		{Group: "rbac.authorization.k8s.io", Version: "v1", Kind: "Role", Resource: "roles", Namespaced: true, Verbs: verbsAll,
			NameRule: NamePathSegment, Columns: cols("Name", "Created At"), Validate: validateRBACRules},

		// storage.k8s.io/v1
		{Group: "storage.k8s.io", Version: "v1", Kind: "StorageClass", Resource: "storageclasses", ShortNames: []string{"sc"}, Verbs: verbsAll,
			Columns: cols("Name", "Provisioner", "ReclaimPolicy", "VolumeBindingMode", "AllowVolumeExpansion", "Age"),
			Default: DefaultStorageClass, Validate: validateStorageClass},

		// gateway.networking.k8s.io/v1 (Gateway API CRDs, standard channel)
		{Group: "gateway.networking.k8s.io", Version: "v1", Kind: "Gateway", Resource: "gateways", ShortNames: []string{"gtw"}, Namespaced: true, Verbs: verbsAll,
			Categories: []string{"gateway-api"}, Subresources: []string{"status"},
			Columns:    cols("Name", "Class", "Address", "Programmed", "Age"),
			Generation: GenerationAllButMetadataStatus, Default: DefaultGateway, Validate: validateGateway},
		{Group: "gateway.networking.k8s.io", Version: "v1", Kind: "HTTPRoute", Resource: "httproutes", Namespaced: true, Verbs: verbsAll,
			Categories: []string{"gateway-api"}, Subresources: []string{"status"},
			Columns:    cols("Name", "Hostnames", "Age"),
			Generation: GenerationAllButMetadataStatus, Default: DefaultHTTPRoute},
	}
}

// validateCRD checks what RegisterCRD needs (a subset of
// ValidateCustomResourceDefinition in k8s.io/apiextensions-apiserver).
func validateCRD(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	group := stringAt(spec, "group")
	names := mapAt(spec, "names")
	plural := stringAt(names, "plural")
	if group == "" {
		errs = append(errs, Required("spec.group", ""))
	} else if len(splitDots(group)) < 2 {
		errs = append(errs, Invalid("spec.group", group, "should be a domain with at least one dot"))
	}
	if plural == "" {
		errs = append(errs, Required("spec.names.plural", ""))
	}
	if stringAt(names, "kind") == "" {
		errs = append(errs, Required("spec.names.kind", ""))
	}
	if plural != "" && group != "" && o.Meta.Name != plural+"."+group {
		errs = append(errs, Invalid("metadata.name", o.Meta.Name, "must be spec.names.plural+\".\"+spec.group"))
	}
	switch sc := stringAt(spec, "scope"); sc {
	case "Namespaced", "Cluster":
	case "":
		errs = append(errs, Required("spec.scope", ""))
	default:
		errs = append(errs, NotSupported("spec.scope", sc, []string{"Cluster", "Namespaced"}))
	}
	versions := listAt(spec, "versions")
	if len(versions) == 0 {
		errs = append(errs, Invalid("spec.versions", []any{}, "must have exactly one version marked as storage version"))
	}
	storage := 0
	for _, v := range versions {
		if b, _ := mapAt(map[string]any{"v": v}, "v")["storage"].(bool); b {
			storage++
		}
	}
	if len(versions) > 0 && storage != 1 {
		errs = append(errs, Invalid("spec.versions", versions, "must have exactly one version marked as storage version"))
	}
	return errs
}

func splitDots(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
