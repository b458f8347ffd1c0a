package object

import (
	"sort"
	"strings"
)

// LabelSelector is metav1.LabelSelector: matchLabels and matchExpressions
// are ANDed. The zero value selects nothing when used by workloads
// (validation rejects it) but everything in Matches, as
// metav1.LabelSelectorAsSelector does for an empty, non-nil selector.
type LabelSelector struct {
	MatchLabels      map[string]string
	MatchExpressions []Requirement
}

// Requirement is one matchExpressions entry.
type Requirement struct {
	Key      string
	Operator string // In, NotIn, Exists, DoesNotExist
	Values   []string
}

// LabelSelectorFrom reads a selector tree ({matchLabels, matchExpressions});
// ok is false when v is absent or not a map.
func LabelSelectorFrom(v any) (LabelSelector, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return LabelSelector{}, false
	}
	s := LabelSelector{MatchLabels: stringMap(m["matchLabels"])}
	for _, e := range listAt(m, "matchExpressions") {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		r := Requirement{Key: stringAt(em, "key"), Operator: stringAt(em, "operator")}
		for _, v := range listAt(em, "values") {
			if sv, ok := v.(string); ok {
				r.Values = append(r.Values, sv)
			}
		}
		s.MatchExpressions = append(s.MatchExpressions, r)
	}
	return s, true
}

// Empty reports whether the selector has no terms.
func (s LabelSelector) Empty() bool { return len(s.MatchLabels)+len(s.MatchExpressions) == 0 }

// Matches reports whether labels satisfy every term.
func (s LabelSelector) Matches(labels map[string]string) bool {
	for k, v := range s.MatchLabels {
		if lv, ok := labels[k]; !ok || lv != v {
			return false
		}
	}
	for _, r := range s.MatchExpressions {
		if !r.Matches(labels) {
			return false
		}
	}
	return true
}

// Matches evaluates one requirement (k8s.io/apimachinery/pkg/labels/selector.go).
func (r Requirement) Matches(labels map[string]string) bool {
	v, has := labels[r.Key]
	switch r.Operator {
	case "In":
		return has && contains(r.Values, v)
	case "NotIn":
		return !has || !contains(r.Values, v)
	case "Exists":
		return has
	case "DoesNotExist":
		return !has
	}
	return false
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// String renders the selector as metav1.FormatLabelSelector does: the
// requirements sorted by key ("app=web,!canary,tier in (edge,front)"),
// "<none>" when empty.
func (s LabelSelector) String() string {
	type part struct{ key, text string }
	var parts []part
	for _, k := range sortedStringKeys(s.MatchLabels) {
		parts = append(parts, part{k, k + "=" + s.MatchLabels[k]})
	}
	for _, r := range s.MatchExpressions {
		vals := append([]string(nil), r.Values...)
		sort.Strings(vals)
		switch r.Operator {
		case "In":
			parts = append(parts, part{r.Key, r.Key + " in (" + strings.Join(vals, ",") + ")"})
		case "NotIn":
			parts = append(parts, part{r.Key, r.Key + " notin (" + strings.Join(vals, ",") + ")"})
		case "Exists":
			parts = append(parts, part{r.Key, r.Key})
		case "DoesNotExist":
			parts = append(parts, part{r.Key, "!" + r.Key})
		}
	}
	if len(parts) == 0 {
		return "<none>"
	}
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].key < parts[j].key })
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.text
	}
	return strings.Join(out, ",")
}

// validateLabelSelector is meta/v1/validation ValidateLabelSelector, on
// a selector LabelSelectorFrom has read.
func validateLabelSelector(s LabelSelector, fp string) FieldErrors {
	errs := ValidateLabels(s.MatchLabels, child(fp, "matchLabels"))
	for i, r := range s.MatchExpressions {
		rp := index(child(fp, "matchExpressions"), i)
		switch r.Operator {
		case "In", "NotIn":
			if len(r.Values) == 0 {
				errs = append(errs, Required(child(rp, "values"), "must be specified when `operator` is 'In' or 'NotIn'"))
			}
		case "Exists", "DoesNotExist":
			if len(r.Values) > 0 {
				errs = append(errs, Forbidden(child(rp, "values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
			}
		default:
			errs = append(errs, Invalid(child(rp, "operator"), r.Operator, "not a valid selector operator"))
		}
		for _, msg := range IsQualifiedName(r.Key) {
			errs = append(errs, Invalid(child(rp, "key"), r.Key, msg))
		}
	}
	return errs
}
