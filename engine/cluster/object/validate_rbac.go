package object

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
