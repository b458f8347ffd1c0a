package markdown

import "strings"

// scanJSON highlights JSON: object keys as tags, other strings, numbers,
// true/false/null and punctuation. Comments (JSONC) are allowed.
func scanJSON(out sink, code string) {
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			j := spanWhile(code, i, func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' })
			out.emit("", code[i:j])
			i = j
		case c == '"':
			j := quoted(code, i)
			class := "s2"
			if strings.HasPrefix(strings.TrimLeft(code[j:], " \t\r\n"), ":") {
				class = "nt"
			}
			out.emit(class, code[i:j])
			i = j
		case strings.HasPrefix(code[i:], "//"):
			j := lineEnd(code, i)
			out.emit("c1", code[i:j])
			i = j
		case strings.HasPrefix(code[i:], "/*"):
			j := len(code)
			if k := strings.Index(code[i+2:], "*/"); k >= 0 {
				j = i + 2 + k + 2
			}
			out.emit("cm", code[i:j])
			i = j
		case strings.IndexByte("{}[],:", c) >= 0:
			out.emit("p", code[i:i+1])
			i++
		default:
			j := spanWhile(code, i, func(c byte) bool { return strings.IndexByte(" \t\r\n{}[],:\"/", c) < 0 })
			if j == i {
				j++ // a lone '/'
			}
			out.emit(jsonWordClass(code[i:j]), code[i:j])
			i = j
		}
	}
}

func jsonWordClass(w string) string {
	switch {
	case w == "true" || w == "false" || w == "null":
		return "kc"
	case isNumber(w) && strings.ContainsAny(w, ".eE") && !strings.ContainsAny(w, "xX"):
		return "mf"
	case isNumber(w):
		return "mi"
	}
	return ""
}

// quoted returns the end of the string opened by the quote at i: just
// past the closing quote, or the end of the line when it is missing.
// Backslash escapes are honoured.
func quoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\n':
			return j
		case q:
			return j + 1
		}
	}
	return len(s)
}
