package object

import "net/netip"

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
