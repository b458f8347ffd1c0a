package markdown

import "strings"

var (
	shellKeywords = set("if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
		"while", "until", "do", "done", "in", "function", "time", "!", "{", "}")
	shellDeclarations = set("declare", "export", "local", "readonly", "typeset")
	shellBuiltins     = set("alias", "bg", "cd", "declare", "echo", "eval", "exec", "exit", "export",
		"false", "fg", "jobs", "kill", "let", "local", "printf", "pwd", "read", "readonly",
		"return", "set", "shift", "source", "test", "trap", "true", "type", "ulimit", "umask",
		"unset", "wait")
)

// shellSpecial ends a plain word.
const shellSpecial = " \t\r\n|&;<>()\"'`$\\"

// scanShell highlights POSIX shell and bash: comments, quoted strings,
// variables, operators, and the command word when it is a keyword or a
// builtin.
func scanShell(out sink, code string) {
	command := true // the next word is in command position
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == '\n':
			out.emit("", "\n")
			command = true
			i++
		case isBlank(c) || c == '\r':
			j := spanWhile(code, i, func(c byte) bool { return isBlank(c) || c == '\r' })
			out.emit("", code[i:j])
			i = j
		case c == '#':
			j := lineEnd(code, i)
			out.emit("c1", code[i:j])
			i = j
		case c == '\\':
			j := min(i+2, len(code))
			out.emit("se", code[i:j])
			i = j
		case c == '"' || c == '\'' || c == '`':
			j := closing(code, i)
			out.emit(quoteClass(c), code[i:j])
			command = false
			i = j
		case c == '$':
			j := shellVariable(code, i)
			out.emit("nv", code[i:j])
			command = false
			i = j
		case strings.IndexByte("|&;<>()", c) >= 0:
			j := spanWhile(code, i, func(c byte) bool { return strings.IndexByte("|&;<>()", c) >= 0 })
			op := code[i:j]
			out.emit("o", op)
			command = !strings.ContainsAny(op, "<>")
			i = j
		default:
			j := spanWhile(code, i, func(c byte) bool { return strings.IndexByte(shellSpecial, c) < 0 })
			// Only a word that starts a token can open a comment; '#'
			// inside one (a#b) is part of it.
			for j < len(code) && code[j] == '#' {
				j = spanWhile(code, j+1, func(c byte) bool { return strings.IndexByte(shellSpecial, c) < 0 })
			}
			if j == i {
				j++
			}
			command = shellWord(out, code[i:j], command)
			i = j
		}
	}
}

// shellWord emits a plain word and reports whether the next word is still
// in command position (after a keyword or an assignment).
func shellWord(out sink, w string, command bool) bool {
	if !command {
		out.emit("", w)
		return false
	}
	if name, value, ok := strings.Cut(w, "="); ok && isName(name) {
		out.emit("nv", name)
		out.emit("o", "=")
		out.emit("", value)
		return true
	}
	switch {
	case shellKeywords[w]:
		out.emit("k", w)
		return true
	case shellDeclarations[w]:
		out.emit("nb", w)
		return true // export NAME=value: the assignment is highlighted
	case shellBuiltins[w]:
		out.emit("nb", w)
	default:
		out.emit("", w)
	}
	return false
}

func isName(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) || s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// closing returns the end of the quoted string opened at i, which may span
// lines; backslash escapes count except in single quotes.
func closing(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q != '\'':
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return len(s)
}

// shellVariable returns the end of the expansion starting with '$' at i:
// $name, ${…}, $(…), $((…)) or a special parameter like $? or $1.
func shellVariable(s string, i int) int {
	j := i + 1
	if j >= len(s) {
		return j
	}
	switch c := s[j]; {
	case c == '{' || c == '(':
		open, end := c, byte('}')
		if c == '(' {
			end = ')'
		}
		depth := 0
		for ; j < len(s) && s[j] != '\n'; j++ {
			if s[j] == open {
				depth++
			} else if s[j] == end {
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return j
	case isWordByte(c) && c < 0x80:
		return spanWhile(s, j, func(c byte) bool { return isWordByte(c) && c < 0x80 })
	case strings.IndexByte("?!#$*@-", c) >= 0:
		return j + 1
	}
	return j
}
