package object

import (
	"maps"
	"slices"
	"strings"
)

// Validation of StorageClasses after ValidateStorageClass and
// ValidateStorageClassUpdate
// (k8s.io/kubernetes/pkg/apis/storage/validation/validation.go, v1.37).

// maxProvisionerParameters and maxProvisionerParameterBytes are
// maxProvisionerParameterLen and maxProvisionerParameterSize
// (validation.go): at most 512 parameters of at most 256 KiB of keys and
// values together.
const (
	maxProvisionerParameters     = 512
	maxProvisionerParameterBytes = 256 * (1 << 10)
)

// Sorted as sets.List sorts them for NotSupported (validation.go's
// supportedReclaimPolicy and supportedVolumeBindingModes).
var (
	storageClassReclaimPolicies = []string{"Delete", "Retain"}
	volumeBindingModes          = []string{"Immediate", "WaitForFirstConsumer"}
)

// validateStorageClass is ValidateStorageClass, and on an update
// ValidateStorageClassUpdate after it: the provisioner, parameters,
// reclaim policy and binding mode may not change.
func validateStorageClass(o, old *Object) FieldErrors {
	c := o.Content
	provisioner := stringAt(c, "provisioner")
	var errs FieldErrors
	if provisioner == "" {
		errs = append(errs, Required("provisioner", ""))
	} else {
		lower := strings.ToLower(provisioner)
		for _, msg := range IsQualifiedName(lower) {
			errs = append(errs, Invalid("provisioner", lower, msg))
		}
	}
	errs = append(errs, validateProvisionerParameters(c["parameters"])...)
	if p := stringAt(c, "reclaimPolicy"); p != "" && !slices.Contains(storageClassReclaimPolicies, p) {
		errs = append(errs, NotSupported("reclaimPolicy", p, storageClassReclaimPolicies))
	}
	if m, ok := c["volumeBindingMode"].(string); !ok {
		errs = append(errs, Required("volumeBindingMode", ""))
	} else if !slices.Contains(volumeBindingModes, m) {
		errs = append(errs, NotSupported("volumeBindingMode", m, volumeBindingModes))
	}
	errs = append(errs, validateAllowedTopologies(listAt(c, "allowedTopologies"))...)
	if old == nil {
		return errs
	}
	// ValidateStorageClassUpdate's four checks are covered by declarative
	// validation (+k8s:immutable), whose errors a v1.37 API server
	// answers: in the fields' order, with no value.
	oc := old.Content
	for _, f := range []string{"provisioner", "parameters", "reclaimPolicy", "volumeBindingMode"} {
		if !EqualValues(c[f], oc[f]) {
			errs = append(errs, Invalid(f, nil, FieldImmutableErrorMsg))
		}
	}
	return errs
}

// validateProvisionerParameters is validateParameters with empty
// parameters allowed: at most 512, no empty key, 256 KiB in all.
func validateProvisionerParameters(v any) FieldErrors {
	params, _ := v.(map[string]any)
	if len(params) > maxProvisionerParameters {
		return FieldErrors{TooLong("parameters", maxProvisionerParameters)}
	}
	var errs FieldErrors
	size := 0
	for _, k := range AppendSortedKeys(nil, params) {
		if k == "" {
			errs = append(errs, Invalid("parameters", k, "field can not be empty."))
		}
		s, _ := params[k].(string)
		size += len(k) + len(s)
	}
	if size > maxProvisionerParameterBytes {
		errs = append(errs, TooLong("parameters", maxProvisionerParameterBytes))
	}
	return errs
}

// validateAllowedTopologies is validateAllowedTopologies: each term as
// ValidateTopologySelectorTerm checks it, then a Duplicate when its
// expressions equal an earlier entry's. validation.go's list of earlier
// entries starts with one empty entry per term (make with a length, then
// append), so a term without expressions is a Duplicate too. It appends
// one Duplicate per equal entry; a v1.37 API server answers each term's
// once (three equal terms: two causes, one for each repeat), and so does
// this.
func validateAllowedTopologies(terms []any) FieldErrors {
	var errs FieldErrors
	seen := make([]map[string][]string, len(terms))
	for i, t := range terms {
		fp := child(index("allowedTopologies", i), "matchLabelExpressions")
		term, _ := t.(map[string]any)
		exprs, termErrs := validateTopologySelectorTerm(listAt(term, "matchLabelExpressions"), fp)
		errs = append(errs, termErrs...)
		for _, prev := range seen {
			if maps.EqualFunc(exprs, prev, slices.Equal) {
				errs = append(errs, Duplicate(fp, ""))
				break
			}
		}
		seen = append(seen, exprs)
	}
	return errs
}

// validateTopologySelectorTerm is ValidateTopologySelectorTerm: each
// expression with values, none repeated, a valid label key, and no key
// twice. It returns the expressions' value sets by key.
func validateTopologySelectorTerm(exprs []any, fp string) (map[string][]string, FieldErrors) {
	var errs FieldErrors
	byKey := map[string][]string{}
	for i, e := range exprs {
		ep := index(fp, i)
		expr, _ := e.(map[string]any)
		values := listAt(expr, "values")
		if len(values) == 0 {
			errs = append(errs, Required(child(ep, "values"), ""))
		}
		var set []string
		for j, v := range values {
			s, _ := v.(string)
			if slices.Contains(set, s) {
				errs = append(errs, Duplicate(index(child(ep, "values"), j), s))
				continue
			}
			set = append(set, s)
		}
		k := stringAt(expr, "key")
		for _, msg := range IsQualifiedName(k) {
			errs = append(errs, Invalid(child(ep, "key"), k, msg))
		}
		if _, dup := byKey[k]; dup {
			errs = append(errs, Duplicate(child(ep, "key"), k))
		}
		slices.Sort(set)
		byKey[k] = set
	}
	return byKey, errs
}
