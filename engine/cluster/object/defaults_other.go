package object

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
			if _, ok := sm["apiGroup"]; !ok {
				sm["apiGroup"] = "" // written only when absent: a defaulted object is left as it is
			}
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
