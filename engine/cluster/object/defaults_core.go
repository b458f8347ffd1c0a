package object

// Defaults for core/v1 kinds other than Pod (pkg/apis/core/v1/defaults.go
// unless noted), and for the other groups' kinds.

// DefaultService is SetDefaults_Service, plus the IP family fields the
// service REST storage fills in for a single-stack IPv4 cluster
// (pkg/registry/core/service/storage/alloc.go). spec.clusterIP is allocated
// by the API server: see ClusterIPAllocator.
func DefaultService(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "sessionAffinity", "None") // v1.ServiceAffinityNone
	if spec["sessionAffinity"] == "None" {
		delete(spec, "sessionAffinityConfig")
	} else if spec["sessionAffinity"] == "ClientIP" {
		cfg := ensureMap(ensureMap(spec, "sessionAffinityConfig"), "clientIP")
		setDefault(cfg, "timeoutSeconds", int64(10800)) // v1.DefaultClientIPServiceAffinitySeconds
	}
	setDefault(spec, "type", "ClusterIP") // v1.ServiceTypeClusterIP
	typ, _ := spec["type"].(string)
	for _, p := range listAt(spec, "ports") {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		setDefault(pm, "protocol", "TCP")
		switch tp := pm["targetPort"].(type) {
		case nil:
			if port, ok := pm["port"]; ok {
				pm["targetPort"] = port
			}
		case int64:
			if tp == 0 {
				pm["targetPort"] = pm["port"]
			}
		case string:
			if tp == "" {
				pm["targetPort"] = pm["port"]
			}
		}
	}
	if typ == "NodePort" || typ == "LoadBalancer" {
		setDefault(spec, "externalTrafficPolicy", "Cluster")
	}
	if typ == "NodePort" || typ == "LoadBalancer" || typ == "ClusterIP" {
		setDefault(spec, "internalTrafficPolicy", "Cluster")
	}
	if typ == "LoadBalancer" {
		setDefault(spec, "allocateLoadBalancerNodePorts", true)
	}
	if typ != "ExternalName" {
		setDefault(spec, "ipFamilyPolicy", "SingleStack")
		setDefault(spec, "ipFamilies", []any{"IPv4"})
	}
}

// DefaultNamespace is SetDefaults_Namespace (the kubernetes.io/metadata.name
// label) and SetDefaults_NamespaceStatus (phase Active), plus the
// "kubernetes" finalizer the namespace strategy adds on create
// (pkg/registry/core/namespace/strategy.go, PrepareForCreate).
func DefaultNamespace(o *Object) {
	if o.Meta.Name != "" {
		if o.Meta.Labels == nil {
			o.Meta.Labels = map[string]string{}
		}
		o.Meta.Labels["kubernetes.io/metadata.name"] = o.Meta.Name
	}
	spec := o.EnsureMap("spec")
	if _, ok := spec["finalizers"]; !ok {
		spec["finalizers"] = []any{"kubernetes"}
	}
	setDefault(o.EnsureMap("status"), "phase", "Active")
}

// DefaultPersistentVolumeClaim is SetDefaults_PersistentVolumeClaim and
// SetDefaults_PersistentVolumeClaimSpec.
func DefaultPersistentVolumeClaim(o *Object) {
	setDefault(o.EnsureMap("spec"), "volumeMode", "Filesystem")
	setDefault(o.EnsureMap("status"), "phase", "Pending")
}

// DefaultPersistentVolume is SetDefaults_PersistentVolume.
func DefaultPersistentVolume(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "persistentVolumeReclaimPolicy", "Retain")
	setDefault(spec, "volumeMode", "Filesystem")
	setDefault(o.EnsureMap("status"), "phase", "Pending")
}

// DefaultSecret is SetDefaults_Secret: type Opaque.
func DefaultSecret(o *Object) {
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	setDefault(o.Content, "type", "Opaque")
}

// DefaultNode is SetDefaults_NodeStatus: allocatable defaults to capacity.
func DefaultNode(o *Object) {
	st := o.Status()
	if st == nil {
		return
	}
	if _, ok := st["allocatable"]; !ok {
		if c, ok := st["capacity"].(map[string]any); ok {
			st["allocatable"] = DeepCopyValue(c)
		}
	}
}

// DefaultEndpointSlice is pkg/apis/discovery/v1/defaults.go
// SetDefaults_EndpointPort: protocol TCP, name "".
func DefaultEndpointSlice(o *Object) {
	for _, p := range listAt(o.Content, "ports") {
		if pm, ok := p.(map[string]any); ok {
			setDefault(pm, "protocol", "TCP")
			setDefault(pm, "name", "")
		}
	}
}

// DefaultHorizontalPodAutoscaler is pkg/apis/autoscaling/v2/defaults.go:
// minReplicas 1; without metrics, 80% average CPU utilization
// (autoscaling.DefaultCPUUtilization); when behavior is given, its unset
// rules take the defaults: scale up stabilization 0, policies 4 Pods and
// 100 Percent per 15 s, selectPolicy Max; scale down policy 100 Percent per
// 15 s, selectPolicy Max, stabilization left to the controller (300 s).
func DefaultHorizontalPodAutoscaler(o *Object) {
	spec := o.EnsureMap("spec")
	setDefault(spec, "minReplicas", int64(1))
	if l, _ := spec["metrics"].([]any); len(l) == 0 {
		spec["metrics"] = []any{map[string]any{
			"type": "Resource",
			"resource": map[string]any{
				"name":   "cpu",
				"target": map[string]any{"type": "Utilization", "averageUtilization": int64(80)},
			},
		}}
	}
	b := mapAt(spec, "behavior")
	if b == nil {
		return
	}
	up := ensureMap(b, "scaleUp")
	setDefault(up, "stabilizationWindowSeconds", int64(0))
	setDefault(up, "selectPolicy", "Max")
	setDefault(up, "policies", []any{
		map[string]any{"type": "Pods", "value": int64(4), "periodSeconds": int64(15)},
		map[string]any{"type": "Percent", "value": int64(100), "periodSeconds": int64(15)},
	})
	down := ensureMap(b, "scaleDown")
	setDefault(down, "selectPolicy", "Max")
	setDefault(down, "policies", []any{
		map[string]any{"type": "Percent", "value": int64(100), "periodSeconds": int64(15)},
	})
}

// defaultRBACSubjects is pkg/apis/rbac/v1/defaults.go SetDefaults_Subject:
// users and groups get apiGroup rbac.authorization.k8s.io, service
// accounts "".
func defaultRBACSubjects(o *Object) {
	for _, s := range listAt(o.Content, "subjects") {
		sm, ok := s.(map[string]any)
		if !ok {
			continue
		}
		if g, _ := sm["apiGroup"].(string); g != "" {
			continue
		}
		switch sm["kind"] {
		case "User", "Group":
			sm["apiGroup"] = "rbac.authorization.k8s.io"
		case "ServiceAccount":
			sm["apiGroup"] = ""
		}
	}
}

// DefaultStorageClass is pkg/apis/storage/v1/defaults.go: reclaimPolicy
// Delete, volumeBindingMode Immediate.
func DefaultStorageClass(o *Object) {
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	setDefault(o.Content, "reclaimPolicy", "Delete")
	setDefault(o.Content, "volumeBindingMode", "Immediate")
}

// defaultWebhooks is pkg/apis/admissionregistration/v1/defaults.go:
// failurePolicy Fail, matchPolicy Equivalent, empty namespace and object
// selectors, timeoutSeconds 10, rule scope "*", service port 443, and for
// mutating webhooks reinvocationPolicy Never.
func defaultWebhooks(mutating bool) func(*Object) {
	return func(o *Object) {
		for _, w := range listAt(o.Content, "webhooks") {
			wm, ok := w.(map[string]any)
			if !ok {
				continue
			}
			setDefault(wm, "failurePolicy", "Fail")
			setDefault(wm, "matchPolicy", "Equivalent")
			setDefault(wm, "namespaceSelector", map[string]any{})
			setDefault(wm, "objectSelector", map[string]any{})
			setDefault(wm, "timeoutSeconds", int64(10))
			if mutating {
				setDefault(wm, "reinvocationPolicy", "Never")
			}
			for _, r := range listAt(wm, "rules") {
				if rm, ok := r.(map[string]any); ok {
					setDefault(rm, "scope", "*")
				}
			}
			if svc := mapAt(wm, "clientConfig", "service"); svc != nil {
				setDefault(svc, "port", int64(443))
			}
		}
	}
}

// DefaultAPIService is pkg/apis/apiregistration/v1 defaults: service port 443.
func DefaultAPIService(o *Object) {
	if svc := mapAt(o.Content, "spec", "service"); svc != nil {
		setDefault(svc, "port", int64(443))
	}
}

// DefaultCustomResourceDefinition is
// k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/defaults.go:
// names.singular is the lower-case kind, listKind is kind+"List",
// conversion strategy None.
func DefaultCustomResourceDefinition(o *Object) {
	spec := o.EnsureMap("spec")
	names := ensureMap(spec, "names")
	if kind, ok := names["kind"].(string); ok && kind != "" {
		setDefault(names, "singular", lowerASCII(kind))
		setDefault(names, "listKind", kind+"List")
	}
	setDefault(ensureMap(spec, "conversion"), "strategy", "None")
}

// DefaultGateway applies the Gateway API CRD schema default
// (gateway.networking.k8s.io/v1, apis/v1/gateway_types.go): a listener's
// allowedRoutes.namespaces.from is Same.
func DefaultGateway(o *Object) {
	for _, l := range listAt(o.Spec(), "listeners") {
		if lm, ok := l.(map[string]any); ok {
			ar := ensureMap(lm, "allowedRoutes")
			setDefault(ensureMap(ar, "namespaces"), "from", "Same")
		}
	}
}

// DefaultHTTPRoute applies the Gateway API CRD schema defaults
// (apis/v1/httproute_types.go, shared_types.go): parentRefs point at a
// Gateway in gateway.networking.k8s.io; rules match the path prefix "/"
// when they have no matches; backendRefs are Services (group "") with
// weight 1.
func DefaultHTTPRoute(o *Object) {
	spec := o.Spec()
	for _, p := range listAt(spec, "parentRefs") {
		if pm, ok := p.(map[string]any); ok {
			setDefault(pm, "group", "gateway.networking.k8s.io")
			setDefault(pm, "kind", "Gateway")
		}
	}
	if spec == nil {
		return
	}
	rules := listAt(spec, "rules")
	if _, ok := spec["rules"]; !ok {
		rules = []any{map[string]any{}}
		spec["rules"] = rules
	}
	for _, r := range rules {
		rm, ok := r.(map[string]any)
		if !ok {
			continue
		}
		if _, ok := rm["matches"]; !ok {
			rm["matches"] = []any{map[string]any{"path": map[string]any{"type": "PathPrefix", "value": "/"}}}
		}
		for _, b := range listAt(rm, "backendRefs") {
			if bm, ok := b.(map[string]any); ok {
				setDefault(bm, "group", "")
				setDefault(bm, "kind", "Service")
				setDefault(bm, "weight", int64(1))
			}
		}
	}
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
