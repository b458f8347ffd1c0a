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

// DefaultSecret is SetDefaults_Secret: type Opaque. It also merges
// stringData into data (MergeStringData), which Kubernetes does in the
// conversion that follows defaulting when a write is decoded.
func DefaultSecret(o *Object) {
	if o.Content == nil {
		o.Content = map[string]any{}
	}
	setDefault(o.Content, "type", "Opaque")
	MergeStringData(o)
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
