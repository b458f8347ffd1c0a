package auth

import "strings"

// fieldEquals reports whether the field selector sel requires field to
// equal value: one of its comma-separated terms is "field=value" or
// "field==value" (k8s.io/apimachinery/pkg/fields/selector.go parses both
// as Equals). Escaped separators are not modelled.
func fieldEquals(sel, field, value string) bool {
	for sel != "" {
		term := sel
		if i := strings.IndexByte(sel, ','); i >= 0 {
			term, sel = sel[:i], sel[i+1:]
		} else {
			sel = ""
		}
		if strings.Contains(term, "!=") {
			continue
		}
		lhs, rhs, ok := strings.Cut(term, "==")
		if !ok {
			lhs, rhs, ok = strings.Cut(term, "=")
		}
		if ok && lhs == field && rhs == value {
			return true
		}
	}
	return false
}
