package object

import (
	"fmt"
	"strings"
)

// validateContainer is validateContainerCommon for one container.
func validateContainer(c map[string]any, fp string, volumes map[string]bool) FieldErrors {
	var errs FieldErrors
	name := stringAt(c, "name")
	if name == "" {
		errs = append(errs, Required(child(fp, "name"), ""))
	} else {
		for _, msg := range IsDNS1123Label(name) {
			errs = append(errs, Invalid(child(fp, "name"), name, msg))
		}
	}
	if stringAt(c, "image") == "" {
		errs = append(errs, Required(child(fp, "image"), ""))
	}
	switch p := stringAt(c, "terminationMessagePolicy"); p {
	case "File", "FallbackToLogsOnError":
	case "":
		errs = append(errs, Required(child(fp, "terminationMessagePolicy"), "must be 'File' or 'FallbackToLogsOnError'"))
	default:
		errs = append(errs, NotSupported(child(fp, "terminationMessagePolicy"), p, []string{"File", "FallbackToLogsOnError"}))
	}
	// Each list's path is built only when there is a list to check.
	if l := listAt(c, "ports"); len(l) > 0 {
		errs = append(errs, validateContainerPorts(l, child(fp, "ports"))...)
	}
	if l := listAt(c, "env"); len(l) > 0 {
		errs = append(errs, validateEnv(l, child(fp, "env"))...)
	}
	if l := listAt(c, "volumeMounts"); len(l) > 0 {
		errs = append(errs, validateVolumeMounts(l, child(fp, "volumeMounts"), volumes)...)
	}
	switch p := stringAt(c, "imagePullPolicy"); p {
	case "Always", "IfNotPresent", "Never":
	case "":
		errs = append(errs, Required(child(fp, "imagePullPolicy"), ""))
	default:
		errs = append(errs, NotSupported(child(fp, "imagePullPolicy"), p, []string{"Always", "IfNotPresent", "Never"}))
	}
	if res := mapAt(c, "resources"); len(res) > 0 {
		errs = append(errs, validateResources(res, child(fp, "resources"))...)
	}
	return errs
}

func validateContainerPorts(ports []any, fp string) FieldErrors {
	var errs FieldErrors
	names := map[string]bool{}
	for i, p := range ports {
		pp := index(fp, i)
		pm, _ := p.(map[string]any)
		if name := stringAt(pm, "name"); name != "" {
			if msgs := IsValidPortName(name); len(msgs) > 0 {
				for _, msg := range msgs {
					errs = append(errs, Invalid(child(pp, "name"), name, msg))
				}
			} else if names[name] {
				errs = append(errs, Duplicate(child(pp, "name"), name))
			} else {
				names[name] = true
			}
		}
		if cp, _ := intAt(pm, "containerPort"); cp == 0 {
			errs = append(errs, Required(child(pp, "containerPort"), ""))
		} else {
			for _, msg := range IsValidPortNum(cp) {
				errs = append(errs, Invalid(child(pp, "containerPort"), cp, msg))
			}
		}
		if hp, _ := intAt(pm, "hostPort"); hp != 0 {
			for _, msg := range IsValidPortNum(hp) {
				errs = append(errs, Invalid(child(pp, "hostPort"), hp, msg))
			}
		}
		errs = append(errs, validateProtocol(stringAt(pm, "protocol"), child(pp, "protocol"))...)
	}
	return errs
}

func validateProtocol(proto, fp string) FieldErrors {
	switch {
	case proto == "":
		return FieldErrors{Required(fp, "")}
	case !contains(supportedPortProtocols, proto):
		return FieldErrors{NotSupported(fp, proto, supportedPortProtocols)}
	}
	return nil
}

// validateEnv follows ValidateEnv with relaxed names (RelaxedEnvironment-
// VariableValidation, GA): any printable ASCII but '='.
func validateEnv(env []any, fp string) FieldErrors {
	var errs FieldErrors
	for i, e := range env {
		ep := index(fp, i)
		em, _ := e.(map[string]any)
		name := stringAt(em, "name")
		if name == "" {
			errs = append(errs, Required(child(ep, "name"), ""))
			continue
		}
		for _, r := range name {
			if r > 126 || r < 32 || r == '=' {
				errs = append(errs, Invalid(child(ep, "name"), name, "a valid environment variable name must consist only of printable ASCII characters other than '='"))
				break
			}
		}
	}
	return errs
}

func validateVolumeMounts(mounts []any, fp string, volumes map[string]bool) FieldErrors {
	var errs FieldErrors
	paths := map[string]bool{}
	for i, m := range mounts {
		mp := index(fp, i)
		mm, _ := m.(map[string]any)
		name := stringAt(mm, "name")
		if name == "" {
			errs = append(errs, Required(child(mp, "name"), ""))
		} else if !volumes[name] {
			errs = append(errs, &FieldError{Type: ErrorTypeNotFound, Field: child(mp, "name"), BadValue: name})
		}
		path := stringAt(mm, "mountPath")
		if path == "" {
			errs = append(errs, Required(child(mp, "mountPath"), ""))
		} else if paths[path] {
			errs = append(errs, Invalid(child(mp, "mountPath"), path, "must be unique"))
		}
		paths[path] = true
	}
	return errs
}

// standardContainerResources are IsStandardContainerResourceName's names
// (pkg/apis/core/helper/helpers.go), hugepages-* aside.
var standardContainerResources = map[string]bool{"cpu": true, "memory": true, "ephemeral-storage": true}

func validateResources(res map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	limPath, reqPath := child(fp, "limits"), child(fp, "requests")
	limits := map[string]Quantity{}
	check := func(rl map[string]any, base string, into map[string]Quantity) {
		for _, name := range sortedKeys(rl) {
			kp := key(base, name)
			if !strings.Contains(name, "/") && !standardContainerResources[name] && !strings.HasPrefix(name, "hugepages-") {
				errs = append(errs, Invalid(kp, name, "must be a standard resource for containers"))
			}
			q, err := QuantityOf(rl[name])
			if err != nil {
				errs = append(errs, Invalid(kp, rl[name], err.Error()))
				continue
			}
			if q.Sign() < 0 {
				errs = append(errs, Invalid(kp, q.String(), IsNegativeErrorMsg))
			}
			if into != nil {
				into[name] = q
			}
		}
	}
	check(mapAt(res, "limits"), limPath, limits)
	requests := map[string]Quantity{}
	check(mapAt(res, "requests"), reqPath, requests)
	for _, name := range sortedKeys(mapAt(res, "requests")) {
		q, ok := requests[name]
		if !ok {
			continue
		}
		lim, has := limits[name]
		// helper.IsOvercommitAllowed: native resources but hugepages
		overcommit := (!strings.Contains(name, "/") || strings.Contains(name, "kubernetes.io/")) && !strings.HasPrefix(name, "hugepages-")
		switch {
		case has && q.Cmp(lim) != 0 && !overcommit:
			errs = append(errs, Invalid(reqPath, q.String(), fmt.Sprintf("must be equal to %s limit of %s", name, lim.String())))
		case has && q.Cmp(lim) > 0:
			errs = append(errs, Invalid(reqPath, q.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, lim.String())))
		case !has && !overcommit:
			errs = append(errs, Required(limPath, "Limit must be set for non overcommitable resources"))
		}
	}
	return errs
}

// QuantityOf reads a quantity from a tree value (a string, or a number).
func QuantityOf(v any) (Quantity, error) {
	switch t := v.(type) {
	case string:
		return ParseQuantity(strings.TrimSpace(t))
	case int64, float64:
		s, _ := scalarString(t)
		return ParseQuantity(s)
	}
	return Quantity{}, ErrQuantityFormat
}

func validateProbe(p map[string]any, fp string, mustSucceedOnce bool) FieldErrors {
	if p == nil {
		return nil
	}
	var errs FieldErrors
	handlers := 0
	for _, h := range []string{"exec", "httpGet", "tcpSocket", "grpc"} {
		if _, ok := p[h]; ok {
			handlers++
		}
	}
	switch {
	case handlers == 0:
		errs = append(errs, Required(fp, "must specify a handler type"))
	case handlers > 1:
		errs = append(errs, Forbidden(fp, "may not specify more than 1 handler type"))
	}
	for _, f := range []string{"initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"} {
		if v, ok := intAt(p, f); ok && v < 0 {
			errs = append(errs, Invalid(child(fp, f), v, IsNegativeErrorMsg))
		}
	}
	if v, ok := intAt(p, "successThreshold"); ok && mustSucceedOnce && v != 1 {
		errs = append(errs, Invalid(child(fp, "successThreshold"), v, "must be 1"))
	}
	return errs
}
