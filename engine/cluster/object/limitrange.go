package object

import (
	"fmt"
	"strings"
)

// LimitRangeTypes are the standard LimitRange item types
// (k8s.io/api/core/v1/types.go, LimitType).
var LimitRangeTypes = []string{"Pod", "Container", "PersistentVolumeClaim"}

// DefaultLimitRange is SetDefaults_LimitRangeItem for every item of type
// Container: a default limit unspecified takes the max, a default request
// unspecified takes the default limit, or else the min.
func DefaultLimitRange(o *Object) {
	for _, it := range listAt(o.Spec(), "limits") {
		item, ok := it.(map[string]any)
		if !ok || item["type"] != "Container" {
			continue
		}
		def, req := ensureMap(item, "default"), ensureMap(item, "defaultRequest")
		for k, v := range mapAt(item, "max") {
			setDefault(def, k, v)
		}
		for k, v := range def {
			setDefault(req, k, v)
		}
		for k, v := range mapAt(item, "min") {
			setDefault(req, k, v)
		}
		for _, f := range []string{"default", "defaultRequest"} {
			if len(mapAt(item, f)) == 0 {
				delete(item, f) // an empty list is not written (omitempty)
			}
		}
	}
}

// validateLimitRange is ValidateLimitRange
// (pkg/apis/core/validation/validation.go): each item's type, no defaults
// on a Pod item, and per resource min ≤ default request ≤ default ≤ max
// with a maxLimitRequestRatio of at least 1, in kube-apiserver's order
// and wording (resources by name).
func validateLimitRange(o, _ *Object) FieldErrors {
	var errs FieldErrors
	for i, it := range listAt(o.Spec(), "limits") {
		item, _ := it.(map[string]any)
		fp := index(child("spec", "limits"), i)
		typ := stringAt(item, "type")
		switch {
		case typ == "":
			errs = append(errs, Invalid(child(fp, "type"), "", "name part must be non-empty"),
				Invalid(child(fp, "type"), "", "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"))
		case !strings.Contains(typ, "/") && !containsString(LimitRangeTypes, typ):
			errs = append(errs, Invalid(child(fp, "type"), typ, "must be a standard limit type or fully qualified"))
		}
		q := func(field string) map[string]Quantity {
			out := map[string]Quantity{}
			for k, v := range mapAt(item, field) {
				if qq, err := QuantityOf(v); err == nil {
					out[k] = qq
				}
			}
			return out
		}
		minQ, maxQ, ratios := q("min"), q("max"), q("maxLimitRequestRatio")
		defs, reqs := map[string]Quantity{}, map[string]Quantity{}
		if typ == "Pod" {
			for _, f := range []string{"default", "defaultRequest"} {
				if len(mapAt(item, f)) > 0 {
					errs = append(errs, Forbidden(child(fp, f), "may not be specified when `type` is 'Pod'"))
				}
			}
		} else {
			defs, reqs = q("default"), q("defaultRequest")
		}
		keys := map[string]any{}
		for _, m := range []map[string]Quantity{minQ, maxQ, defs, reqs, ratios} {
			for k := range m {
				keys[k] = true
			}
		}
		for _, k := range sortedKeys(keys) {
			mn, hasMin := minQ[k]
			mx, hasMax := maxQ[k]
			df, hasDef := defs[k]
			dr, hasReq := reqs[k]
			ratio, hasRatio := ratios[k]
			if hasMin && hasMax && mn.Cmp(mx) > 0 {
				errs = append(errs, Invalid(key(child(fp, "min"), k), mn.String(), fmt.Sprintf("min value %s is greater than max value %s", mn, mx)))
			}
			if hasReq && hasMin && mn.Cmp(dr) > 0 {
				errs = append(errs, Invalid(key(child(fp, "defaultRequest"), k), dr.String(), fmt.Sprintf("min value %s is greater than default request value %s", mn, dr)))
			}
			if hasReq && hasMax && dr.Cmp(mx) > 0 {
				errs = append(errs, Invalid(key(child(fp, "defaultRequest"), k), dr.String(), fmt.Sprintf("default request value %s is greater than max value %s", dr, mx)))
			}
			if hasReq && hasDef && dr.Cmp(df) > 0 {
				errs = append(errs, Invalid(key(child(fp, "defaultRequest"), k), dr.String(), fmt.Sprintf("default request value %s is greater than default limit value %s", dr, df)))
			}
			if hasDef && hasMin && mn.Cmp(df) > 0 {
				errs = append(errs, Invalid(key(child(fp, "default"), k), mn.String(), fmt.Sprintf("min value %s is greater than default value %s", mn, df)))
			}
			if hasDef && hasMax && df.Cmp(mx) > 0 {
				errs = append(errs, Invalid(key(child(fp, "default"), k), mx.String(), fmt.Sprintf("default value %s is greater than max value %s", df, mx)))
			}
			if hasRatio && ratio.Cmp(NewQuantity(1, DecimalSI)) < 0 {
				errs = append(errs, Invalid(key(child(fp, "maxLimitRequestRatio"), k), ratio.String(), fmt.Sprintf("ratio %s is less than 1", ratio)))
			}
			if hasRatio && hasMin && hasMax && mn.MilliValue() > 0 {
				// In milli-units, as kube-apiserver compares amounts that fit.
				if limit := float64(mx.MilliValue()) / float64(mn.MilliValue()); float64(ratio.MilliValue())/1000 > limit {
					errs = append(errs, Invalid(key(child(fp, "maxLimitRequestRatio"), k), ratio.String(), fmt.Sprintf("ratio %s is greater than max/min = %f", ratio, limit)))
				}
			}
		}
	}
	return errs
}
