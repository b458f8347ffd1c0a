package object

import (
	"fmt"
	"net/netip"
	"strings"
)

// validateIngress follows ValidateIngressSpec for rules and backends.
func validateIngress(o, _ *Object) FieldErrors {
	spec := o.Spec()
	var errs FieldErrors
	if len(listAt(spec, "rules")) == 0 && mapAt(spec, "defaultBackend") == nil {
		errs = append(errs, Invalid("spec", spec, "either `defaultBackend` or `rules` must be specified"))
	}
	if c, ok := spec["ingressClassName"].(string); ok {
		// ValidateIngressSpec: ValidateIngressClassName (a DNS subdomain).
		for _, msg := range IsDNS1123Subdomain(c) {
			errs = append(errs, Invalid("spec.ingressClassName", c, msg))
		}
	}
	for i, r := range listAt(spec, "rules") {
		rp := index("spec.rules", i)
		rm, _ := r.(map[string]any)
		if h := stringAt(rm, "host"); h != "" {
			if _, err := netip.ParseAddr(h); err == nil {
				errs = append(errs, Invalid(child(rp, "host"), h, "must be a DNS name, not an IP address"))
			}
			if !strings.HasPrefix(h, "*.") {
				for _, msg := range IsDNS1123Subdomain(h) {
					errs = append(errs, Invalid(child(rp, "host"), h, msg))
				}
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
				errs = append(errs, validateIngressPath(child(pp, "path"), pt, stringAt(pm, "path"))...)
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

// Path rules of validateHTTPIngressPath (pkg/apis/networking/validation/
// validation.go): Exact and Prefix paths are absolute and free of the
// invalid sequences and suffixes; an ImplementationSpecific path, when
// set, is absolute.
var (
	invalidPathSequences = []string{"//", "/./", "/../", "%2f", "%2F"}
	invalidPathSuffixes  = []string{"/..", "/."}
)

func validateIngressPath(field, pathType, path string) FieldErrors {
	var errs FieldErrors
	if pathType == "ImplementationSpecific" {
		if path != "" && !strings.HasPrefix(path, "/") {
			errs = append(errs, Invalid(field, path, "must be an absolute path"))
		}
		return errs
	}
	if !strings.HasPrefix(path, "/") {
		errs = append(errs, Invalid(field, path, "must be an absolute path"))
	}
	if path == "" {
		return errs
	}
	for _, seq := range invalidPathSequences {
		if strings.Contains(path, seq) {
			errs = append(errs, Invalid(field, path, fmt.Sprintf("must not contain '%s'", seq)))
		}
	}
	for _, suf := range invalidPathSuffixes {
		if strings.HasSuffix(path, suf) {
			errs = append(errs, Invalid(field, path, fmt.Sprintf("cannot end with '%s'", suf)))
		}
	}
	return errs
}

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
