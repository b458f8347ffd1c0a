package markdown

import "strings"

// scanYAML highlights YAML line by line: comments, mapping keys, sequence
// dashes, block scalars (| and >, whose lines are strings), quoted
// strings, anchors, aliases, tags, flow collections, and plain scalars as
// numbers, constants or literals. Multi-line flow collections and quoted
// strings are highlighted line by line.
func scanYAML(out sink, code string) {
	block := -1 // indentation of the line that opened a block scalar, while in one
	for i := 0; i < len(code); {
		end := min(lineEnd(code, i)+1, len(code))
		line := code[i:end]
		i = end
		indent := spanWhile(line, 0, func(c byte) bool { return c == ' ' })
		text := strings.TrimRight(line, "\r\n")
		if block >= 0 {
			if strings.TrimSpace(text) == "" || indent > block {
				out.emit("s", text)
				out.emit("", line[len(text):])
				continue
			}
			block = -1
		}
		if yamlLine(out, text, indent) {
			block = indent
		}
		out.emit("", line[len(text):])
	}
}

// yamlLine emits one line without its line break and reports whether it
// opens a block scalar.
func yamlLine(out sink, line string, indent int) (opensBlock bool) {
	out.emit("", line[:indent])
	rest := line[indent:]
	if indent == 0 && (strings.HasPrefix(rest, "---") || strings.HasPrefix(rest, "...")) {
		out.emit("nn", rest[:3])
		rest = rest[3:]
	}
	for strings.HasPrefix(rest, "- ") || rest == "-" {
		out.emit("p", "-")
		sp := spanWhile(rest, 1, isBlank)
		out.emit("", rest[1:sp])
		rest = rest[sp:]
	}
	if k := yamlKey(rest); k > 0 {
		out.emit("nt", rest[:k])
		out.emit("p", ":")
		rest = rest[k+1:]
	}
	return yamlValue(out, rest)
}

// yamlKey returns the length of the mapping key that starts s (the index
// of its ':'), or 0 when s does not start with a key.
func yamlKey(s string) int {
	if s == "" || strings.IndexByte("#[{&*!|>%@`", s[0]) >= 0 {
		return 0
	}
	start := 0
	if s[0] == '"' || s[0] == '\'' {
		start = quoted(s, 0)
	}
	for i := start; i < len(s); i++ {
		switch {
		case s[i] == ':' && (i+1 == len(s) || isBlank(s[i+1])):
			if i == 0 {
				return 0
			}
			return i
		case s[i] == '#' && i > 0 && isBlank(s[i-1]):
			return 0
		}
	}
	return 0
}

// yamlValue emits a value and its comment and reports whether the value
// opens a block scalar.
func yamlValue(out sink, s string) bool {
	sp := spanWhile(s, 0, isBlank)
	out.emit("", s[:sp])
	s = s[sp:]
	for s != "" {
		switch c := s[0]; {
		case c == '#':
			out.emit("c", s)
			return false
		case c == '|' || c == '>':
			j := spanWhile(s, 1, func(c byte) bool { return c == '+' || c == '-' || isDigit(c) })
			out.emit("p", s[:j])
			rest := s[j:]
			if strings.TrimSpace(rest) == "" || strings.HasPrefix(strings.TrimLeft(rest, " \t"), "#") {
				yamlValue(out, rest)
				return true
			}
			s = rest
		case c == '"' || c == '\'':
			j := quoted(s, 0)
			out.emit(quoteClass(c), s[:j])
			s = s[j:]
		case c == '&' || c == '*':
			j := spanWhile(s, 1, func(c byte) bool { return !isBlank(c) && strings.IndexByte(",]}", c) < 0 })
			out.emit("nl", s[:j])
			s = s[j:]
		case c == '!':
			j := spanWhile(s, 1, func(c byte) bool { return !isBlank(c) })
			out.emit("kt", s[:j])
			s = s[j:]
		case c == '[' || c == '{':
			yamlFlow(out, s)
			return false
		case isBlank(c):
			j := spanWhile(s, 0, isBlank)
			out.emit("", s[:j])
			s = s[j:]
		default:
			j := plainEnd(s)
			out.emit(yamlScalarClass(strings.TrimRight(s[:j], " \t")), s[:j])
			s = s[j:]
		}
	}
	return false
}

// plainEnd returns where the plain scalar at the start of s ends: before a
// comment or at the end of the line.
func plainEnd(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i] == '#' && isBlank(s[i-1]) {
			return i - 1
		}
	}
	return len(s)
}

// yamlFlow emits a flow collection ([a, b] or {k: v}) and what follows it.
func yamlFlow(out sink, s string) {
	for s != "" {
		c := s[0]
		switch {
		case strings.IndexByte("[]{},", c) >= 0:
			out.emit("p", s[:1])
			s = s[1:]
		case c == ':':
			out.emit("p", ":")
			s = s[1:]
		case isBlank(c):
			j := spanWhile(s, 0, isBlank)
			out.emit("", s[:j])
			s = s[j:]
		case c == '#':
			out.emit("c", s)
			return
		case c == '"' || c == '\'':
			j := quoted(s, 0)
			out.emit(quoteClass(c), s[:j])
			s = s[j:]
		default:
			j := spanWhile(s, 0, func(c byte) bool { return strings.IndexByte("[]{},:#", c) < 0 })
			if j == 0 {
				j = 1
			}
			word := strings.TrimRight(s[:j], " \t")
			class := yamlScalarClass(word)
			if strings.HasPrefix(s[j:], ":") {
				class = "nt"
			}
			out.emit(class, word)
			out.emit("", s[len(word):j])
			s = s[j:]
		}
	}
}

// yamlScalarClass classes a plain scalar: constants (true, null, ~, …),
// numbers, and other literals.
func yamlScalarClass(v string) string {
	switch strings.ToLower(v) {
	case "":
		return ""
	case "true", "false", "yes", "no", "on", "off", "null", "~":
		return "kc"
	}
	if isNumber(v) {
		return "m"
	}
	return "l"
}
