package object

import (
	"math"
	"strings"
)

// Pod validation after pkg/apis/core/validation/validation.go
// (ValidatePodSpec, validateContainers, validateContainerCommon,
// validateContainerPorts, ValidateResourceRequirements,
// ValidateTolerations), for the fields the course uses. Errors come in
// Kubernetes' order.

var supportedPortProtocols = []string{"SCTP", "TCP", "UDP"}

func validatePod(o, old *Object) FieldErrors {
	errs := validatePodSpec(o.Spec(), "spec")
	if old != nil {
		errs = append(errs, validatePodUpdate(o, old)...)
	}
	return errs
}

// validatePodStatus is what ValidatePodStatusUpdate
// (pkg/apis/core/validation/validation.go), which podStatusStrategy's
// ValidateUpdate runs (pkg/registry/core/pod/strategy.go), checks beyond
// the metadata: the status alone, never the spec, which a status write
// keeps as stored. The model checks nothing in a Pod's status.
func validatePodStatus(_, _ *Object) FieldErrors { return nil }

// validatePodTemplate is ValidatePodTemplateSpec: note that Kubernetes
// reports template label problems under "<path>.labels".
func validatePodTemplate(tpl map[string]any, fp string) FieldErrors {
	md := mapAt(tpl, "metadata")
	errs := ValidateLabels(stringMap(md["labels"]), child(fp, "labels"))
	errs = append(errs, ValidateAnnotations(stringMap(md["annotations"]), child(fp, "annotations"))...)
	errs = append(errs, validatePodSpec(mapAt(tpl, "spec"), child(fp, "spec"))...)
	return errs
}

// containerProbes are a container's probes, in the order they are
// validated, and whether each must have successThreshold 1.
var containerProbes = []struct {
	field           string
	mustSucceedOnce bool
}{{"livenessProbe", true}, {"readinessProbe", false}, {"startupProbe", true}}

func validatePodSpec(spec map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	volumes := map[string]bool{}
	if l := listAt(spec, "volumes"); len(l) > 0 {
		errs = append(errs, validateVolumes(l, child(fp, "volumes"), volumes)...)
	}
	containers := listAt(spec, "containers")
	if len(containers) == 0 {
		errs = append(errs, Required(child(fp, "containers"), ""))
	}
	names := map[string]bool{}
	for i, c := range containers {
		cp := index(child(fp, "containers"), i)
		cm, _ := c.(map[string]any)
		errs = append(errs, validateContainer(cm, cp, volumes)...)
		name := stringAt(cm, "name")
		if names[name] {
			errs = append(errs, Duplicate(child(cp, "name"), name))
		}
		names[name] = true
		for _, p := range containerProbes {
			if pm := mapAt(cm, p.field); pm != nil {
				errs = append(errs, validateProbe(pm, child(cp, p.field), p.mustSucceedOnce)...)
			}
		}
	}
	for i, c := range listAt(spec, "initContainers") {
		cp := index(child(fp, "initContainers"), i)
		cm, _ := c.(map[string]any)
		errs = append(errs, validateContainer(cm, cp, volumes)...)
		name := stringAt(cm, "name")
		if names[name] {
			errs = append(errs, Duplicate(child(cp, "name"), name))
		}
		names[name] = true
	}
	switch rp := stringAt(spec, "restartPolicy"); rp {
	case "Always", "OnFailure", "Never":
	case "":
		errs = append(errs, Required(child(fp, "restartPolicy"), ""))
	default:
		errs = append(errs, NotSupported(child(fp, "restartPolicy"), rp, []string{"Always", "OnFailure", "Never"}))
	}
	switch dp := stringAt(spec, "dnsPolicy"); dp {
	case "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None":
	case "":
		errs = append(errs, Required(child(fp, "dnsPolicy"), ""))
	default:
		errs = append(errs, NotSupported(child(fp, "dnsPolicy"), dp, []string{"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"}))
	}
	errs = append(errs, ValidateLabels(stringMap(spec["nodeSelector"]), child(fp, "nodeSelector"))...)
	if sa := stringAt(spec, "serviceAccountName"); sa != "" {
		for _, msg := range IsDNS1123Subdomain(sa) {
			errs = append(errs, Invalid(child(fp, "serviceAccountName"), sa, msg))
		}
	}
	if node := stringAt(spec, "nodeName"); node != "" {
		for _, msg := range IsDNS1123Subdomain(node) {
			errs = append(errs, Invalid(child(fp, "nodeName"), node, msg))
		}
	}
	if v, ok := intAt(spec, "activeDeadlineSeconds"); ok && (v < 1 || v > math.MaxInt32) {
		errs = append(errs, Invalid(child(fp, "activeDeadlineSeconds"), v, InclusiveRangeError(1, math.MaxInt32)))
	}
	for _, f := range []string{"hostname", "subdomain"} {
		if h := stringAt(spec, f); h != "" {
			for _, msg := range IsDNS1123Label(h) {
				errs = append(errs, Invalid(child(fp, f), h, msg))
			}
		}
	}
	errs = append(errs, validateTolerations(listAt(spec, "tolerations"), child(fp, "tolerations"))...)
	return errs
}

func validateVolumes(vols []any, fp string, names map[string]bool) FieldErrors {
	var errs FieldErrors
	for i, v := range vols {
		vp := index(fp, i)
		vm, _ := v.(map[string]any)
		name := stringAt(vm, "name")
		if name == "" {
			errs = append(errs, Required(child(vp, "name"), ""))
		} else {
			for _, msg := range IsDNS1123Label(name) {
				errs = append(errs, Invalid(child(vp, "name"), name, msg))
			}
			if names[name] {
				errs = append(errs, Duplicate(child(vp, "name"), name))
			}
			names[name] = true
		}
		sources := 0
		for k := range vm {
			if k != "name" {
				sources++
			}
		}
		switch {
		case sources == 0:
			errs = append(errs, Required(vp, "must specify a volume type"))
		case sources > 1:
			errs = append(errs, Forbidden(vp, "may not specify more than 1 volume type"))
		}
	}
	return errs
}

func validateTolerations(tols []any, fp string) FieldErrors {
	var errs FieldErrors
	for i, t := range tols {
		tp := index(fp, i)
		tm, _ := t.(map[string]any)
		k, op, effect := stringAt(tm, "key"), stringAt(tm, "operator"), stringAt(tm, "effect")
		if k != "" {
			for _, msg := range IsQualifiedName(k) {
				errs = append(errs, Invalid(child(tp, "key"), k, msg))
			}
		}
		if k == "" && op != "Exists" {
			errs = append(errs, Invalid(child(tp, "operator"), op, "operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
		}
		if _, ok := tm["tolerationSeconds"]; ok && effect != "NoExecute" {
			errs = append(errs, Invalid(child(tp, "effect"), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch op {
		case "Equal", "":
			if msgs := IsValidLabelValue(stringAt(tm, "value")); len(msgs) > 0 {
				errs = append(errs, Invalid(child(tp, "operator"), stringAt(tm, "value"), strings.Join(msgs, ";")))
			}
		case "Exists":
			if stringAt(tm, "value") != "" {
				errs = append(errs, Invalid(child(tp, "operator"), tm, "value must be empty when `operator` is 'Exists'"))
			}
		default:
			errs = append(errs, NotSupported(child(tp, "operator"), op, []string{"Equal", "Exists"}))
		}
		if effect != "" && !contains([]string{"NoSchedule", "PreferNoSchedule", "NoExecute"}, effect) {
			errs = append(errs, NotSupported(child(tp, "effect"), effect, []string{"NoSchedule", "PreferNoSchedule", "NoExecute"}))
		}
	}
	return errs
}

// podUpdateForbidden is the message of ValidatePodUpdate for a change to an
// immutable part of a Pod's spec (pkg/apis/core/validation/validation.go);
// Kubernetes appends a diff of its internal types, which is not modelled.
const podUpdateForbidden = "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)"

// validatePodUpdate allows only image, activeDeadlineSeconds and added
// tolerations to change, plus setting nodeName once (the binding
// subresource does that in the API server, not a user update).
func validatePodUpdate(o, old *Object) FieldErrors {
	// A status write keeps the stored spec itself (EqualValues sees that
	// at once); a metadata patch, a copy of it.
	if EqualValues(o.Spec(), old.Spec()) {
		return nil
	}
	a := DeepCopyValue(o.Spec())
	b := DeepCopyValue(old.Spec())
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	if am == nil || bm == nil {
		return nil
	}
	for _, list := range []string{"containers", "initContainers"} {
		la, lb := listAt(am, list), listAt(bm, list)
		if len(la) == len(lb) {
			for i := range la {
				ca, _ := la[i].(map[string]any)
				cb, _ := lb[i].(map[string]any)
				if ca != nil && cb != nil {
					ca["image"] = cb["image"]
				}
			}
		}
	}
	for _, f := range []string{"activeDeadlineSeconds", "terminationGracePeriodSeconds"} {
		if v, ok := bm[f]; ok {
			am[f] = v
		} else {
			delete(am, f)
		}
	}
	// tolerations may only be added to
	ta, tb := listAt(am, "tolerations"), listAt(bm, "tolerations")
	if len(ta) >= len(tb) {
		prefix := true
		for i := range tb {
			if !EqualValues(ta[i], tb[i]) {
				prefix = false
				break
			}
		}
		if prefix {
			if _, ok := bm["tolerations"]; ok {
				am["tolerations"] = bm["tolerations"]
			} else {
				delete(am, "tolerations")
			}
		}
	}
	if !EqualValues(am, bm) {
		return FieldErrors{Forbidden("spec", podUpdateForbidden)}
	}
	return nil
}
