package object

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scalar styling for EncodeYAML, after go-yaml v2's encoder and emitter.

// yamlFloat formats a float as go-yaml v2 does.
func yamlFloat(f float64) string {
	switch {
	case f != f:
		return ".nan"
	case f > 1.7976931348623157e308:
		return ".inf"
	case f < -1.7976931348623157e308:
		return "-.inf"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func yamlKey(k string) string {
	switch {
	case resolvesToOther(k) || strings.ContainsAny(k, "\n\r"):
		return yamlDoubleQuote(k)
	case plainOK(k):
		return k
	case singleOK(k):
		return "'" + strings.ReplaceAll(k, "'", "''") + "'"
	}
	return yamlDoubleQuote(k)
}

var (
	yamlIntRE   = regexp.MustCompile(`^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*|[1-9][0-9_]*(:[0-5]?[0-9])+)$`)
	yamlFloatRE = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$|^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$|^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*$`)
	yamlTimeRE  = regexp.MustCompile(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ][0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?[ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?)?)?$`)
)

// resolvesToOther reports whether s, written plain, would read back as a
// non-string under YAML 1.1 (go-yaml v2): such strings are double-quoted.
func resolvesToOther(s string) bool {
	if s == "" {
		return true
	}
	switch s {
	case "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE":
		return true
	}
	if _, ok := yaml11Bools[s]; ok {
		return true
	}
	c := s[0]
	if !(c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.') {
		return false
	}
	return yamlIntRE.MatchString(s) || yamlFloatRE.MatchString(s) || yamlTimeRE.MatchString(s)
}

// plainOK approximates go-yaml's emitter analysis of plain scalars.
func plainOK(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	switch s[0] {
	case '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	case '-':
		if len(s) == 1 || s[1] == ' ' {
			return false
		}
	}
	if strings.HasSuffix(s, ":") || strings.Contains(s, ": ") || strings.Contains(s, " #") {
		return false
	}
	for _, r := range s {
		if r == '\t' || r == '\n' || r == '\r' || !unicode.IsPrint(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

func singleOK(s string) bool {
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' || !unicode.IsPrint(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// literalOK: a block keeps text as is, unless lines carry trailing spaces,
// tabs or a leading space on the first line (which needs an indentation
// indicator); those are double-quoted instead.
func literalOK(s string) bool {
	if strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") || strings.ContainsRune(line, '\t') || strings.ContainsRune(line, '\r') {
			return false
		}
		for _, r := range line {
			if !unicode.IsPrint(r) || r == utf8.RuneError {
				return false
			}
		}
	}
	return true
}

func yamlDoubleQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r == utf8.RuneError || !unicode.IsPrint(r) {
				if r <= 0xFF {
					b.WriteString(`\x`)
					b.WriteString(strconv.FormatInt(int64(r)|0x100, 16)[1:])
				} else {
					q := strconv.QuoteRune(r)
					b.WriteString(q[1 : len(q)-1])
				}
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
