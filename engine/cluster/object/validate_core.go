package object

import (
	"fmt"
	"net/netip"
	"strings"
)

// Validation of core and other kinds after pkg/apis/*/validation, for the
// fields the course uses.

var supportedServiceTypes = []string{"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"}

// validateService follows ValidateService.
func validateService(o, old *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	var errs FieldErrors
	typ := stringAt(spec, "type")
	ports := listAt(spec, "ports")
	headless := stringAt(spec, "clusterIP") == "None"
	if len(ports) == 0 && !headless && typ != "ExternalName" {
		errs = append(errs, Required(child(fp, "ports"), ""))
	}
	if typ == "ExternalName" {
		if en := stringAt(spec, "externalName"); en == "" {
			errs = append(errs, Required(child(fp, "externalName"), ""))
		}
	}
	names := map[string]bool{}
	for i, p := range ports {
		pp := index(child(fp, "ports"), i)
		pm, _ := p.(map[string]any)
		name := stringAt(pm, "name")
		if len(ports) > 1 && name == "" {
			errs = append(errs, Required(child(pp, "name"), ""))
		} else if name != "" {
			for _, msg := range IsDNS1123Label(name) {
				errs = append(errs, Invalid(child(pp, "name"), name, msg))
			}
			if names[name] {
				errs = append(errs, Duplicate(child(pp, "name"), name))
			}
			names[name] = true
		}
		port, _ := intAt(pm, "port")
		for _, msg := range IsValidPortNum(port) {
			errs = append(errs, Invalid(child(pp, "port"), port, msg))
		}
		errs = append(errs, validateProtocol(stringAt(pm, "protocol"), child(pp, "protocol"))...)
		switch tp := pm["targetPort"].(type) {
		case int64:
			for _, msg := range IsValidPortNum(tp) {
				errs = append(errs, Invalid(child(pp, "targetPort"), tp, msg))
			}
		case string:
			for _, msg := range IsValidPortName(tp) {
				errs = append(errs, Invalid(child(pp, "targetPort"), tp, msg))
			}
		}
		if np, ok := intAt(pm, "nodePort"); ok && np != 0 && typ == "ClusterIP" {
			errs = append(errs, Forbidden(child(pp, "nodePort"), "may not be used when `type` is 'ClusterIP'"))
		}
	}
	if typ != "" && !contains(supportedServiceTypes, typ) {
		errs = append(errs, NotSupported(child(fp, "type"), typ, supportedServiceTypes))
	}
	if sa := stringAt(spec, "sessionAffinity"); sa != "" && sa != "None" && sa != "ClientIP" {
		errs = append(errs, NotSupported(child(fp, "sessionAffinity"), sa, []string{"ClientIP", "None"}))
	}
	errs = append(errs, ValidateLabels(stringMap(spec["selector"]), child(fp, "selector"))...)
	if ip := stringAt(spec, "clusterIP"); ip != "" && ip != "None" {
		if _, err := netip.ParseAddr(ip); err != nil {
			errs = append(errs, Invalid("spec.clusterIPs[0]", ip, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"))
		}
	}
	if old != nil {
		oldIP := stringAt(old.Spec(), "clusterIP")
		if newIP := stringAt(spec, "clusterIP"); oldIP != "" && newIP != oldIP && typ != "ExternalName" {
			errs = append(errs, Invalid("spec.clusterIPs[0]", newIP, "may not change once set"))
		}
	}
	return errs
}

// coreMaxSecretSize is core.MaxSecretSize: 1 MiB for ConfigMaps and Secrets.
const coreMaxSecretSize = 1 * 1024 * 1024

func validateConfigMap(o, old *Object) FieldErrors {
	var errs FieldErrors
	data, _ := o.Content["data"].(map[string]any)
	bin, _ := o.Content["binaryData"].(map[string]any)
	size := 0
	for _, k := range sortedKeys(data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("data", k), k, msg))
		}
		if _, dup := bin[k]; dup {
			errs = append(errs, Invalid(key("data", k), k, "duplicate of key present in binaryData"))
		}
		s, _ := data[k].(string)
		size += len(s)
	}
	for _, k := range sortedKeys(bin) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("binaryData", k), k, msg))
		}
		s, _ := bin[k].(string)
		size += len(s) * 3 / 4
	}
	if size > coreMaxSecretSize {
		errs = append(errs, TooLong("", coreMaxSecretSize))
	}
	errs = append(errs, validateImmutableData(o, old)...)
	return errs
}

func validateSecret(o, old *Object) FieldErrors {
	var errs FieldErrors
	data, _ := o.Content["data"].(map[string]any)
	size := 0
	for _, k := range sortedKeys(data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, Invalid(key("data", k), k, msg))
		}
		s, _ := data[k].(string)
		size += len(s) * 3 / 4
	}
	if size > coreMaxSecretSize {
		errs = append(errs, TooLong("data", coreMaxSecretSize))
	}
	if old != nil {
		if t, ot := stringAt(o.Content, "type"), stringAt(old.Content, "type"); t != ot {
			errs = append(errs, Invalid("type", t, FieldImmutableErrorMsg))
		}
	}
	errs = append(errs, validateImmutableData(o, old)...)
	return errs
}

// validateImmutableData: once immutable is true, data may not change and
// immutable may not be unset (ValidateConfigMapUpdate, ValidateSecretUpdate).
func validateImmutableData(o, old *Object) FieldErrors {
	if old == nil {
		return nil
	}
	if imm, _ := old.Content["immutable"].(bool); !imm {
		return nil
	}
	var errs FieldErrors
	if imm, _ := o.Content["immutable"].(bool); !imm {
		errs = append(errs, Forbidden("immutable", "field is immutable when `immutable` is set"))
	}
	for _, f := range []string{"data", "binaryData", "stringData"} {
		if !EqualValues(o.Content[f], old.Content[f]) {
			errs = append(errs, Forbidden(f, "field is immutable when `immutable` is set"))
		}
	}
	return errs
}

func validateLease(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if v, ok := intAt(spec, "leaseDurationSeconds"); ok && v <= 0 {
		errs = append(errs, Invalid("spec.leaseDurationSeconds", v, "must be greater than 0"))
	}
	errs = append(errs, nonNegative(spec, "spec", "leaseTransitions")...)
	return errs
}

// validateHPA follows validateHorizontalPodAutoscalerSpec (minReplicas
// lower bound 1 without HPAScaleToZero).
func validateHPA(o, _ *Object) FieldErrors {
	spec := o.Spec()
	const fp = "spec"
	var errs FieldErrors
	min, hasMin := intAt(spec, "minReplicas")
	if hasMin && min < 1 {
		errs = append(errs, Invalid(child(fp, "minReplicas"), min, "must be greater than or equal to 1"))
	}
	max, _ := intAt(spec, "maxReplicas")
	if max < 1 {
		errs = append(errs, Invalid(child(fp, "maxReplicas"), max, "must be greater than 0"))
	}
	if hasMin && max < min {
		errs = append(errs, Invalid(child(fp, "maxReplicas"), max, "must be greater than or equal to `minReplicas`"))
	}
	ref := mapAt(spec, "scaleTargetRef")
	rp := child(fp, "scaleTargetRef")
	if k := stringAt(ref, "kind"); k == "" {
		errs = append(errs, Required(child(rp, "kind"), ""))
	} else {
		for _, msg := range IsValidPathSegmentName(k) {
			errs = append(errs, Invalid(child(rp, "kind"), k, msg))
		}
	}
	if n := stringAt(ref, "name"); n == "" {
		errs = append(errs, Required(child(rp, "name"), ""))
	} else {
		for _, msg := range IsValidPathSegmentName(n) {
			errs = append(errs, Invalid(child(rp, "name"), n, msg))
		}
	}
	return errs
}

// validatePVC follows ValidatePersistentVolumeClaimSpec.
func validatePVC(o, old *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	modes := listAt(spec, "accessModes")
	if len(modes) == 0 {
		errs = append(errs, Required("spec.accessModes", "at least 1 access mode is required"))
	}
	valid := []string{"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"}
	for _, m := range modes {
		if s, _ := m.(string); !contains(valid, s) {
			errs = append(errs, NotSupported("spec.accessModes", m, valid))
		}
	}
	storage, ok := mapAt(spec, "resources", "requests")["storage"]
	if !ok {
		errs = append(errs, Required("spec.resources[storage]", ""))
	} else if q, err := quantityOf(storage); err == nil && q.Sign() <= 0 {
		errs = append(errs, Invalid("spec.resources[storage]", q.String(), "must be greater than zero"))
	}
	if old != nil && stringAt(old.Spec(), "volumeName") != "" {
		// once bound, only resources.requests (expansion) may change
		a, b := DeepCopyValue(spec).(map[string]any), DeepCopyValue(old.Spec()).(map[string]any)
		delete(a, "resources")
		delete(b, "resources")
		if !EqualValues(a, b) {
			errs = append(errs, Forbidden("spec", "spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims"))
		}
	}
	return errs
}

// validateRBACRules follows ValidatePolicyRule (pkg/apis/rbac/validation).
func validateRBACRules(o, _ *Object) FieldErrors {
	var errs FieldErrors
	for i, r := range listAt(o.Content, "rules") {
		rp := index("rules", i)
		rm, _ := r.(map[string]any)
		if len(listAt(rm, "verbs")) == 0 {
			errs = append(errs, Required(child(rp, "verbs"), "verbs must contain at least one value"))
		}
		urls := len(listAt(rm, "nonResourceURLs")) > 0
		if urls {
			if len(listAt(rm, "apiGroups")) > 0 || len(listAt(rm, "resources")) > 0 {
				errs = append(errs, Invalid(child(rp, "nonResourceURLs"), listAt(rm, "nonResourceURLs"), "rules cannot apply to both regular resources and non-resource URLs"))
			}
			continue
		}
		if len(listAt(rm, "apiGroups")) == 0 {
			errs = append(errs, Required(child(rp, "apiGroups"), "resource rules must supply at least one api group"))
		}
		if len(listAt(rm, "resources")) == 0 {
			errs = append(errs, Required(child(rp, "resources"), "resource rules must supply at least one resource"))
		}
	}
	return errs
}

// validateRoleBinding follows ValidateRoleBinding / ValidateClusterRoleBinding.
func validateRoleBinding(clusterScoped bool) func(o, old *Object) FieldErrors {
	return func(o, old *Object) FieldErrors {
		var errs FieldErrors
		ref := mapAt(o.Content, "roleRef")
		if g := stringAt(ref, "apiGroup"); g != "rbac.authorization.k8s.io" {
			errs = append(errs, NotSupported("roleRef.apiGroup", g, []string{"rbac.authorization.k8s.io"}))
		}
		kinds := []string{"ClusterRole", "Role"}
		if clusterScoped {
			kinds = []string{"ClusterRole"}
		}
		if k := stringAt(ref, "kind"); !contains(kinds, k) {
			errs = append(errs, NotSupported("roleRef.kind", k, kinds))
		}
		if n := stringAt(ref, "name"); n == "" {
			errs = append(errs, Required("roleRef.name", ""))
		} else {
			for _, msg := range IsValidPathSegmentName(n) {
				errs = append(errs, Invalid("roleRef.name", n, msg))
			}
		}
		for i, s := range listAt(o.Content, "subjects") {
			sp := index("subjects", i)
			sm, _ := s.(map[string]any)
			name := stringAt(sm, "name")
			if name == "" {
				errs = append(errs, Required(child(sp, "name"), ""))
			}
			switch k := stringAt(sm, "kind"); k {
			case "ServiceAccount":
				if name != "" {
					for _, msg := range IsDNS1123Subdomain(name) {
						errs = append(errs, Invalid(child(sp, "name"), name, msg))
					}
				}
				if clusterScoped && stringAt(sm, "namespace") == "" {
					errs = append(errs, Required(child(sp, "namespace"), ""))
				}
			case "User", "Group":
				if g := stringAt(sm, "apiGroup"); g != "rbac.authorization.k8s.io" {
					errs = append(errs, NotSupported(child(sp, "apiGroup"), g, []string{"rbac.authorization.k8s.io"}))
				}
			default:
				errs = append(errs, NotSupported(child(sp, "kind"), k, []string{"ServiceAccount", "User", "Group"}))
			}
		}
		if old != nil && !EqualValues(old.Content["roleRef"], o.Content["roleRef"]) {
			errs = append(errs, Invalid("roleRef", o.Content["roleRef"], "cannot change roleRef"))
		}
		return errs
	}
}

// validateIngress follows ValidateIngressSpec for rules and backends.
func validateIngress(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if len(listAt(spec, "rules")) == 0 && mapAt(spec, "defaultBackend") == nil {
		errs = append(errs, Invalid("spec", spec, "either `defaultBackend` or `rules` must be specified"))
	}
	for i, r := range listAt(spec, "rules") {
		rp := index("spec.rules", i)
		rm, _ := r.(map[string]any)
		if h := stringAt(rm, "host"); h != "" && !strings.HasPrefix(h, "*.") {
			for _, msg := range IsDNS1123Subdomain(h) {
				errs = append(errs, Invalid(child(rp, "host"), h, msg))
			}
		}
		http := mapAt(rm, "http")
		if http == nil {
			continue
		}
		paths := listAt(http, "paths")
		if len(paths) == 0 {
			errs = append(errs, Required(child(child(rp, "http"), "paths"), ""))
		}
		for j, p := range paths {
			pp := index(child(child(rp, "http"), "paths"), j)
			pm, _ := p.(map[string]any)
			switch pt := stringAt(pm, "pathType"); pt {
			case "":
				errs = append(errs, Required(child(pp, "pathType"), "pathType must be specified"))
			case "Exact", "Prefix", "ImplementationSpecific":
				if path := stringAt(pm, "path"); pt != "ImplementationSpecific" && !strings.HasPrefix(path, "/") {
					errs = append(errs, Invalid(child(pp, "path"), path, "must be an absolute path"))
				}
			default:
				errs = append(errs, NotSupported(child(pp, "pathType"), pt, []string{"Exact", "ImplementationSpecific", "Prefix"}))
			}
			svc := mapAt(pm, "backend", "service")
			if svc == nil && mapAt(pm, "backend", "resource") == nil {
				errs = append(errs, Invalid(child(pp, "backend"), pm["backend"], "one backend (`service` or `resource`) must be specified"))
			} else if svc != nil {
				if stringAt(svc, "name") == "" {
					errs = append(errs, Required(child(child(child(pp, "backend"), "service"), "name"), ""))
				}
			}
		}
	}
	return errs
}

// validateWebhooks follows ValidateMutatingWebhookConfiguration /
// ValidateValidatingWebhookConfiguration (admissionregistration/v1).
func validateWebhooks(o, _ *Object) FieldErrors {
	var errs FieldErrors
	names := map[string]bool{}
	for i, w := range listAt(o.Content, "webhooks") {
		wp := index("webhooks", i)
		wm, _ := w.(map[string]any)
		name := stringAt(wm, "name")
		if name == "" {
			errs = append(errs, Required(child(wp, "name"), ""))
		} else if msgs := IsDNS1123Subdomain(name); len(msgs) > 0 {
			errs = append(errs, Invalid(child(wp, "name"), name, strings.Join(msgs, ",")))
		} else if len(strings.Split(name, ".")) < 3 {
			errs = append(errs, Invalid(child(wp, "name"), name, "should be a domain with at least three segments separated by dots"))
		}
		if names[name] && name != "" {
			errs = append(errs, Duplicate(child(wp, "name"), name))
		}
		names[name] = true
		switch se := stringAt(wm, "sideEffects"); se {
		case "None", "NoneOnDryRun":
		case "":
			errs = append(errs, Required(child(wp, "sideEffects"), "must specify one of None, NoneOnDryRun"))
		default:
			errs = append(errs, NotSupported(child(wp, "sideEffects"), se, []string{"None", "NoneOnDryRun"}))
		}
		if len(listAt(wm, "admissionReviewVersions")) == 0 {
			errs = append(errs, Required(child(wp, "admissionReviewVersions"), "must specify one of v1, v1beta1"))
		}
		switch fp := stringAt(wm, "failurePolicy"); fp {
		case "Fail", "Ignore", "":
		default:
			errs = append(errs, NotSupported(child(wp, "failurePolicy"), fp, []string{"Fail", "Ignore"}))
		}
		if t, ok := intAt(wm, "timeoutSeconds"); ok && (t < 1 || t > 30) {
			errs = append(errs, Invalid(child(wp, "timeoutSeconds"), t, "the timeout value must be between 1 and 30 seconds"))
		}
		cc := mapAt(wm, "clientConfig")
		_, hasURL := cc["url"]
		_, hasSvc := cc["service"]
		if hasURL == hasSvc {
			errs = append(errs, Required(child(wp, "clientConfig"), "exactly one of url or service is required"))
		}
	}
	return errs
}

// validateBinding is ValidatePodBinding.
func validateBinding(o, _ *Object) FieldErrors {
	var errs FieldErrors
	target := mapAt(o.Content, "target")
	if k := stringAt(target, "kind"); k != "" && k != "Node" {
		errs = append(errs, NotSupported("target.kind", k, []string{"Node", "<empty>"}))
	}
	if stringAt(target, "name") == "" {
		errs = append(errs, Required("target.name", ""))
	}
	return errs
}

// validateScale is ValidateScale.
func validateScale(o, _ *Object) FieldErrors { return nonNegative(o.Spec(), "spec", "replicas") }

func validateGateway(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if stringAt(spec, "gatewayClassName") == "" {
		errs = append(errs, Required("spec.gatewayClassName", ""))
	}
	if _, ok := spec["listeners"]; !ok {
		errs = append(errs, Required("spec.listeners", ""))
	}
	for i, l := range listAt(spec, "listeners") {
		lm, _ := l.(map[string]any)
		lp := index("spec.listeners", i)
		switch p, _ := intAt(lm, "port"); {
		case p < 1:
			errs = append(errs, Invalid(child(lp, "port"), p, fmt.Sprintf("%s in body should be greater than or equal to 1", child(lp, "port"))))
		case p > 65535:
			errs = append(errs, Invalid(child(lp, "port"), p, fmt.Sprintf("%s in body should be less than or equal to 65535", child(lp, "port"))))
		}
		if proto := stringAt(lm, "protocol"); proto == "" {
			errs = append(errs, Required(child(lp, "protocol"), ""))
		}
	}
	return errs
}
