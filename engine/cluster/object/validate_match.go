package object

// Matchers for the name and label formats of validate_names.go, each the
// anchored regular expression of its format constant written out by hand:
// validation runs on every write, and a regexp match costs more than the
// rest of a ConfigMap's validation. validate_match_test.go holds them to
// the regular expressions.

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isLower(c) || isDigit(c) || c >= 'A' && c <= 'Z' }

func isLowerAlnum(c byte) bool { return isLower(c) || isDigit(c) }

// matchDNS1123Label matches dns1123LabelFmt: [a-z0-9]([-a-z0-9]*[a-z0-9])?
func matchDNS1123Label(s string) bool {
	if s == "" || !isLowerAlnum(s[0]) || !isLowerAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isLowerAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// matchDNS1123Subdomain matches dns1123SubdomainFmt: labels joined by dots.
func matchDNS1123Subdomain(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if !matchDNS1123Label(s[start:i]) {
				return false
			}
			start = i + 1
		}
	}
	return true
}

// matchDNS1035Label matches dns1035LabelFmt: [a-z]([-a-z0-9]*[a-z0-9])?
func matchDNS1035Label(s string) bool {
	return s != "" && isLower(s[0]) && matchDNS1123Label(s)
}

// matchLabelKey matches labelKeyFmt: ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
func matchLabelKey(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// matchLabelValue matches labelValueFmt: empty, or a label key's format.
func matchLabelValue(s string) bool { return s == "" || matchLabelKey(s) }

// matchPercent matches percentFmt: [0-9]+%
func matchPercent(s string) bool {
	if len(s) < 2 || s[len(s)-1] != '%' {
		return false
	}
	for i := 0; i < len(s)-1; i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// matchConfigMapKey matches configMapKeyFmt: [-._a-zA-Z0-9]+
func matchConfigMapKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// matchPortNameCharset matches ^[-a-z0-9]+$.
func matchPortNameCharset(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLowerAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// hasLower matches [a-z] anywhere.
func hasLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if isLower(s[i]) {
			return true
		}
	}
	return false
}
