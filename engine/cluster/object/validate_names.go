package object

import (
	"fmt"
	"strconv"
	"strings"
)

// Name and label rules with Kubernetes' exact messages
// (k8s.io/apimachinery/pkg/api/validate/content/dns.go and kube.go,
// k8s.io/apimachinery/pkg/util/validation/validation.go).

const (
	dns1123LabelFmt        = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dns1123LabelErrMsg     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
	dns1123SubdomainFmt    = dns1123LabelFmt + "(\\." + dns1123LabelFmt + ")*"
	dns1123SubdomainErrMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	dns1035LabelFmt        = "[a-z]([-a-z0-9]*[a-z0-9])?"
	dns1035LabelErrMsg     = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character"
	labelKeyFmt            = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyErrMsg         = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelValueFmt          = "(" + labelKeyFmt + ")?"
	labelValueErrMsg       = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	percentFmt             = "[0-9]+%"
	percentErrMsg          = "a valid percent string must be a numeric string followed by an ending '%'"
	configMapKeyFmt        = `[-._a-zA-Z0-9]+`
	configMapKeyErrMsg     = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'"
	// IsNegativeErrorMsg is apimachinery's message for a negative field
	// (k8s.io/apimachinery/pkg/api/validation/generic.go).
	IsNegativeErrorMsg = "must be greater than or equal to 0"
	// FieldImmutableErrorMsg is apimachinery's message for a changed
	// immutable field (k8s.io/apimachinery/pkg/api/validation/objectmeta.go).
	FieldImmutableErrorMsg = "field is immutable"
)

// RegexError is validation.RegexError: "msg (e.g. 'a' or 'b', regex used
// for validation is 'fmt')".
func RegexError(msg, format string, examples ...string) string {
	if len(examples) == 0 {
		return msg + " (regex used for validation is '" + format + "')"
	}
	msg += " (e.g. "
	for i, ex := range examples {
		if i > 0 {
			msg += " or "
		}
		msg += "'" + ex + "', "
	}
	return msg + "regex used for validation is '" + format + "')"
}

// MaxLenError is validation.MaxLenError.
func MaxLenError(n int) string { return fmt.Sprintf("must be no more than %d characters", n) }

// InclusiveRangeError is validation.InclusiveRangeError.
func InclusiveRangeError(lo, hi int) string {
	return fmt.Sprintf("must be between %d and %d, inclusive", lo, hi)
}

// IsDNS1123Label returns the problems of value as an RFC 1123 label.
func IsDNS1123Label(value string) []string {
	var errs []string
	if len(value) > 63 {
		errs = append(errs, MaxLenError(63))
	}
	if !matchDNS1123Label(value) {
		if matchDNS1123Subdomain(value) {
			errs = append(errs, "must not contain dots")
		} else {
			errs = append(errs, RegexError(dns1123LabelErrMsg, dns1123LabelFmt, "my-name", "123-abc"))
		}
	}
	return errs
}

// IsDNS1123Subdomain returns the problems of value as an RFC 1123 subdomain.
func IsDNS1123Subdomain(value string) []string {
	var errs []string
	if len(value) > 253 {
		errs = append(errs, MaxLenError(253))
	}
	if !matchDNS1123Subdomain(value) {
		errs = append(errs, RegexError(dns1123SubdomainErrMsg, dns1123SubdomainFmt, "example.com"))
	}
	return errs
}

// IsDNS1035Label returns the problems of value as an RFC 1035 label.
func IsDNS1035Label(value string) []string {
	var errs []string
	if len(value) > 63 {
		errs = append(errs, MaxLenError(63))
	}
	if !matchDNS1035Label(value) {
		errs = append(errs, RegexError(dns1035LabelErrMsg, dns1035LabelFmt, "my-name", "abc-123"))
	}
	return errs
}

// IsQualifiedName returns the problems of value as a label key
// (content.IsLabelKey).
func IsQualifiedName(value string) []string {
	var errs []string
	var name string
	switch strings.Count(value, "/") {
	case 0:
		name = value
	case 1:
		var prefix string
		prefix, name, _ = strings.Cut(value, "/")
		if prefix == "" {
			errs = append(errs, "prefix part must be non-empty")
		} else if msgs := IsDNS1123Subdomain(prefix); len(msgs) != 0 {
			for _, m := range msgs {
				errs = append(errs, "prefix part "+m)
			}
		}
	default:
		return append(errs, "a valid label key "+RegexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc")+
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")
	}
	if name == "" {
		errs = append(errs, "name part must be non-empty")
	} else if len(name) > 63 {
		errs = append(errs, "name part "+MaxLenError(63))
	}
	if !matchLabelKey(name) {
		errs = append(errs, "name part "+RegexError(labelKeyErrMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return errs
}

// IsValidLabelValue returns the problems of value as a label value.
func IsValidLabelValue(value string) []string {
	var errs []string
	if len(value) > 63 {
		errs = append(errs, MaxLenError(63))
	}
	if !matchLabelValue(value) {
		errs = append(errs, RegexError(labelValueErrMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return errs
}

// IsValidPercent returns the problems of value as a percentage.
func IsValidPercent(value string) []string {
	if !matchPercent(value) {
		return []string{RegexError(percentErrMsg, percentFmt, "1%", "93%")}
	}
	return nil
}

// IsConfigMapKey returns the problems of value as a ConfigMap or Secret key.
func IsConfigMapKey(value string) []string {
	var errs []string
	if len(value) > 253 {
		errs = append(errs, MaxLenError(253))
	}
	if !matchConfigMapKey(value) {
		errs = append(errs, RegexError(configMapKeyErrMsg, configMapKeyFmt, "key.name", "KEY_NAME", "key-name"))
	}
	switch {
	case value == ".":
		errs = append(errs, `must not be '.'`)
	case value == "..":
		errs = append(errs, `must not be '..'`)
	case strings.HasPrefix(value, ".."):
		errs = append(errs, `must not start with '..'`)
	}
	return errs
}

// IsValidPortNum returns the problems of a port number (1–65535).
func IsValidPortNum(port int64) []string {
	if port >= 1 && port <= 65535 {
		return nil
	}
	return []string{InclusiveRangeError(1, 65535)}
}

// IsValidPortName returns the problems of a named port (IANA_SVC_NAME).
func IsValidPortName(port string) []string {
	var errs []string
	if len(port) > 15 {
		errs = append(errs, MaxLenError(15))
	}
	if !matchPortNameCharset(port) {
		errs = append(errs, "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)")
	}
	if !hasLower(port) {
		errs = append(errs, "must contain at least one letter (a-z)")
	}
	if strings.Contains(port, "--") {
		errs = append(errs, "must not contain consecutive hyphens")
	}
	if len(port) > 0 && (port[0] == '-' || port[len(port)-1] == '-') {
		errs = append(errs, "must not begin or end with a hyphen")
	}
	return errs
}

// IsValidPathSegmentName is path.IsValidPathSegmentName
// (k8s.io/apimachinery/pkg/api/validation/path/name.go): RBAC names.
func IsValidPathSegmentName(name string) []string {
	for _, bad := range []string{".", ".."} {
		if name == bad {
			return []string{fmt.Sprintf(`may not be '%s'`, bad)}
		}
	}
	var errs []string
	for _, bad := range []string{"/", "%"} {
		if strings.Contains(name, bad) {
			errs = append(errs, fmt.Sprintf(`may not contain '%s'`, bad))
		}
	}
	return errs
}

// nameProblems applies a NameRule; prefix is true for generateName, whose
// trailing dash is allowed (generic.go, maskTrailingDash).
func nameProblems(rule NameRule, name string, prefix bool) []string {
	if prefix && rule != NamePathSegment && strings.HasSuffix(name, "-") {
		name = name[:len(name)-1] + "a"
	}
	switch rule {
	case NameDNSLabel:
		return IsDNS1123Label(name)
	case NameDNS1035Label:
		return IsDNS1035Label(name)
	case NamePathSegment:
		if prefix {
			var errs []string
			for _, bad := range []string{"/", "%"} {
				if strings.Contains(name, bad) {
					errs = append(errs, fmt.Sprintf(`may not contain '%s'`, bad))
				}
			}
			return errs
		}
		return IsValidPathSegmentName(name)
	}
	return IsDNS1123Subdomain(name)
}

// Field path helpers in Kubernetes' notation (field.Path.String).
func child(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

func index(parent string, i int) string { return parent + "[" + strconv.Itoa(i) + "]" }

func key(parent, k string) string { return parent + "[" + k + "]" }
