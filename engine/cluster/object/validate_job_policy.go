package object

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Limits and enumerations of a Job's podFailurePolicy
// (pkg/apis/batch/validation/validation.go).
const (
	maxPodFailurePolicyRules                   = 20
	maxPodFailurePolicyOnExitCodesValues       = 255
	maxPodFailurePolicyOnPodConditionsPatterns = 20
)

var (
	podFailurePolicyActions        = []string{"Count", "FailIndex", "FailJob", "Ignore"}
	podFailurePolicyOperators      = []string{"In", "NotIn"}
	podFailurePolicyConditionValue = []string{"False", "True", "Unknown"}
)

// defaultPodFailurePolicy is SetDefaults_PodFailurePolicyOnPodConditionsPattern:
// a condition pattern without a status matches status True.
func defaultPodFailurePolicy(spec map[string]any) {
	for _, r := range listAt(spec, "podFailurePolicy", "rules") {
		for _, p := range listAt(AsMap(r), "onPodConditions") {
			if pm := AsMap(p); pm != nil {
				setDefault(pm, "status", "True")
			}
		}
	}
}

// validatePodFailurePolicy is validatePodFailurePolicy: at most 20 rules,
// each with a supported action and exactly one of onExitCodes and
// onPodConditions.
func validatePodFailurePolicy(spec map[string]any, fp string) FieldErrors {
	var errs FieldErrors
	rules := listAt(spec, "podFailurePolicy", "rules")
	rfp := child(fp, "rules")
	if len(rules) > maxPodFailurePolicyRules {
		errs = append(errs, TooMany(rfp, len(rules), maxPodFailurePolicyRules))
	}
	var containers []string
	for _, list := range []string{"containers", "initContainers"} {
		for _, c := range listAt(mapAt(spec, "template", "spec"), list) {
			containers = append(containers, stringAt(AsMap(c), "name"))
		}
	}
	for i, r := range rules {
		errs = append(errs, validatePodFailurePolicyRule(spec, AsMap(r), index(rfp, i), containers)...)
	}
	return errs
}

// validatePodFailurePolicyRule is validatePodFailurePolicyRule.
func validatePodFailurePolicyRule(spec, rule map[string]any, fp string, containers []string) FieldErrors {
	var errs FieldErrors
	afp := child(fp, "action")
	switch action := stringAt(rule, "action"); {
	case action == "":
		errs = append(errs, Required(afp, fmt.Sprintf("valid values: %q", podFailurePolicyActions)))
	case action == "FailIndex":
		if _, ok := spec["backoffLimitPerIndex"]; !ok {
			errs = append(errs, Invalid(afp, action, "requires the backoffLimitPerIndex to be set"))
		}
	case !slices.Contains(podFailurePolicyActions, action):
		errs = append(errs, NotSupported(afp, action, podFailurePolicyActions))
	}
	onExit := mapAt(rule, "onExitCodes")
	onConds := listAt(rule, "onPodConditions")
	if onExit != nil {
		errs = append(errs, validateOnExitCodes(onExit, child(fp, "onExitCodes"), containers)...)
	}
	if len(onConds) > 0 {
		errs = append(errs, validateOnPodConditions(onConds, child(fp, "onPodConditions"))...)
	}
	if onExit != nil && len(onConds) > 0 {
		errs = append(errs, Invalid(fp, OmitValue, "specifying both OnExitCodes and OnPodConditions is not supported"))
	}
	if onExit == nil && len(onConds) == 0 {
		errs = append(errs, Invalid(fp, OmitValue, "specifying one of OnExitCodes and OnPodConditions is required"))
	}
	return errs
}

// validateOnPodConditions is validatePodFailurePolicyRuleOnPodConditions.
func validateOnPodConditions(patterns []any, fp string) FieldErrors {
	var errs FieldErrors
	if len(patterns) > maxPodFailurePolicyOnPodConditionsPatterns {
		errs = append(errs, TooMany(fp, len(patterns), maxPodFailurePolicyOnPodConditionsPatterns))
	}
	for j, p := range patterns {
		pm := AsMap(p)
		pfp := index(fp, j)
		typ := stringAt(pm, "type")
		for _, msg := range IsQualifiedName(typ) {
			errs = append(errs, Invalid(child(pfp, "type"), typ, msg))
		}
		switch st := stringAt(pm, "status"); {
		case st == "":
			errs = append(errs, Required(child(pfp, "status"), fmt.Sprintf("valid values: %q", podFailurePolicyConditionValue)))
		case !slices.Contains(podFailurePolicyConditionValue, st):
			errs = append(errs, NotSupported(child(pfp, "status"), st, podFailurePolicyConditionValue))
		}
	}
	return errs
}

// validateOnExitCodes is validatePodFailurePolicyRuleOnExitCodes: a
// supported operator, a container of the template, and 1 to 255 exit
// codes, unique and ordered, none 0 for In.
func validateOnExitCodes(req map[string]any, fp string, containers []string) FieldErrors {
	var errs FieldErrors
	op := stringAt(req, "operator")
	switch {
	case op == "":
		errs = append(errs, Required(child(fp, "operator"), fmt.Sprintf("valid values: %q", podFailurePolicyOperators)))
	case !slices.Contains(podFailurePolicyOperators, op):
		errs = append(errs, NotSupported(child(fp, "operator"), op, podFailurePolicyOperators))
	}
	if name, ok := req["containerName"].(string); ok && !slices.Contains(containers, name) {
		errs = append(errs, Invalid(child(fp, "containerName"), name, "must be one of the container or initContainer names in the pod template"))
	}
	vfp := child(fp, "values")
	values := listAt(req, "values")
	switch {
	case len(values) == 0:
		errs = append(errs, Invalid(vfp, req["values"], "at least one value is required"))
	case len(values) > maxPodFailurePolicyOnExitCodesValues:
		errs = append(errs, TooMany(vfp, len(values), maxPodFailurePolicyOnExitCodesValues))
	}
	ordered := true
	var seen []int64
	for j, v := range values {
		code, _ := Int(v)
		if op == "In" && code == 0 {
			errs = append(errs, Invalid(index(vfp, j), code, "must not be 0 for the In operator"))
		}
		if slices.Contains(seen, code) {
			errs = append(errs, Duplicate(index(vfp, j), code))
		} else {
			seen = append(seen, code)
		}
		if prev, _ := Int(values[max(j-1, 0)]); j > 0 && prev > code {
			ordered = false
		}
	}
	if !ordered {
		errs = append(errs, Invalid(vfp, values, "must be ordered"))
	}
	return errs
}

// Limits of a Job's successPolicy (pkg/apis/batch/validation/validation.go).
const (
	maxSuccessPolicyRules              = 20
	maxSuccessPolicyIndexesStringBytes = 64 * 1024
)

// validateSuccessPolicy is validateJobSpec's successPolicy part: only for
// an Indexed Job, with 1 to 20 rules (validateSuccessPolicy).
func validateSuccessPolicy(spec map[string]any, fp string) FieldErrors {
	if spec["completionMode"] != "Indexed" {
		return FieldErrors{Invalid(fp, successPolicyValueOf(spec), "requires indexed completion mode")}
	}
	var errs FieldErrors
	rules := listAt(spec, "successPolicy", "rules")
	rfp := child(fp, "rules")
	if len(rules) == 0 {
		errs = append(errs, Required(rfp, "at least one rules must be specified when the successPolicy is specified"))
	}
	if len(rules) > maxSuccessPolicyRules {
		errs = append(errs, TooMany(rfp, len(rules), maxSuccessPolicyRules))
	}
	completions, _ := Int(spec["completions"])
	for i, r := range rules {
		errs = append(errs, validateSuccessPolicyRule(AsMap(r), index(rfp, i), completions)...)
	}
	return errs
}

// successPolicyValue is batch.SuccessPolicy as kube-apiserver prints it
// in a field error: the internal type, whose fields have no JSON names.
type successPolicyValue struct {
	Rules []successPolicyRuleValue
}

type successPolicyRuleValue struct {
	SucceededIndexes *string
	SucceededCount   *int64
}

// successPolicyValueOf is the spec's successPolicy as successPolicyValue.
func successPolicyValueOf(spec map[string]any) successPolicyValue {
	v := successPolicyValue{Rules: []successPolicyRuleValue{}}
	for _, r := range listAt(spec, "successPolicy", "rules") {
		rule := AsMap(r)
		var rv successPolicyRuleValue
		if s, ok := rule["succeededIndexes"].(string); ok {
			rv.SucceededIndexes = &s
		}
		if n, ok := Int(rule["succeededCount"]); ok {
			rv.SucceededCount = &n
		}
		v.Rules = append(v.Rules, rv)
	}
	return v
}

// validateSuccessPolicyRule is validateSuccessPolicyRule: succeededCount
// or succeededIndexes, the indexes well formed and below completions, the
// count no more than completions or the indexes named.
func validateSuccessPolicyRule(rule map[string]any, fp string, completions int64) FieldErrors {
	var errs FieldErrors
	indexes, hasIndexes := rule["succeededIndexes"].(string)
	count, hasCount := Int(rule["succeededCount"])
	if !hasIndexes && !hasCount {
		errs = append(errs, Required(fp, "at least one of succeededCount or succeededIndexes must be specified"))
	}
	var total int64
	if hasIndexes {
		ifp := child(fp, "succeededIndexes")
		if len(indexes) > maxSuccessPolicyIndexesStringBytes {
			errs = append(errs, TooLong(ifp, maxSuccessPolicyIndexesStringBytes))
		}
		var err error
		if total, err = indexesTotal(indexes, completions); err != nil {
			errs = append(errs, Invalid(ifp, indexes, "error parsing succeededIndexes: "+err.Error()))
		}
	}
	if hasCount {
		cfp := child(fp, "succeededCount")
		if count < 0 {
			errs = append(errs, Invalid(cfp, count, IsNegativeErrorMsg))
		}
		if count > completions {
			errs = append(errs, Invalid(cfp, count, fmt.Sprintf("must be less than or equal to %d (the number of specified completions)", completions)))
		}
		if hasIndexes && count > total {
			errs = append(errs, Invalid(cfp, count, fmt.Sprintf("must be less than or equal to %d (the number of indexes in the specified succeededIndexes field)", total)))
		}
	}
	return errs
}

// indexesTotal is validateIndexesFormat: how many indexes "0-2,4"
// names, each interval increasing, below completions and after the one
// before.
func indexesTotal(s string, completions int64) (int64, error) {
	if s == "" {
		return 0, nil
	}
	var total int64
	last := int64(-1)
	first := true
	for part := range strings.SplitSeq(s, ",") {
		x, y, err := indexInterval(part, completions)
		if err != nil {
			return 0, err
		}
		if !first && last >= x {
			return 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", last, x)
		}
		first = false
		total += y - x + 1
		last = y
	}
	return total, nil
}

// indexInterval is parseIndexInterval: "x" or "x-y" with x < y, both
// below completions.
func indexInterval(s string, completions int64) (int64, int64, error) {
	parts := strings.Split(s, "-")
	if len(parts) > 2 {
		return 0, 0, fmt.Errorf("the fragment %q violates the requirement that an index interval can have at most two parts separated by '-'", s)
	}
	x, err := strconv.Atoi(parts[0])
	if err != nil {
		return 0, 0, fmt.Errorf("cannot convert string to integer for index: %q", parts[0])
	}
	if int64(x) >= completions {
		return 0, 0, fmt.Errorf("too large index: %q", parts[0])
	}
	if len(parts) == 1 {
		return int64(x), int64(x), nil
	}
	y, err := strconv.Atoi(parts[1])
	if err != nil {
		return 0, 0, fmt.Errorf("cannot convert string to integer for index: %q", parts[1])
	}
	if int64(y) >= completions {
		return 0, 0, fmt.Errorf("too large index: %q", parts[1])
	}
	if x >= y {
		return 0, 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", x, y)
	}
	return int64(x), int64(y), nil
}
