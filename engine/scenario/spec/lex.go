package spec

import (
	"strings"
	"unicode"
)

// token is one word of a claim, pattern, fault or action value, with its
// offset (in runes) in the text.
type token struct {
	text string
	off  int
	// open is the opening character ('"', '[' or '/') of a quote, list
	// or regular expression that the text never closed.
	open rune
}

// lex splits s into words at white space. A double-quoted part ("Step
// title") and a bracketed part ([45s, 55s], [type=Ready], ["a.b"]) belong
// to the word they are in, spaces included; after the word "matches" or
// "lacks", a word starting with "/" runs to the next unescaped "/".
func lex(s []rune) []token {
	var out []token
	i := 0
	for {
		for i < len(s) && unicode.IsSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return out
		}
		start := i
		var open rune
		if len(out) > 0 && (out[len(out)-1].text == "matches" || out[len(out)-1].text == "lacks") && s[i] == '/' {
			i, open = scanRegex(s, i)
		} else {
			i, open = scanWord(s, i)
		}
		out = append(out, token{text: string(s[start:i]), off: start, open: open})
	}
}

// scanWord scans a word from i and returns where it ends and, if it ends
// unclosed, the opening quote or bracket.
func scanWord(s []rune, i int) (int, rune) {
	depth := 0
	inQuote := false
	openAt := rune(0)
	for ; i < len(s); i++ {
		r := s[i]
		switch {
		case inQuote && r == '\\':
			i++
		case r == '"':
			inQuote = !inQuote
		case inQuote:
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0 && unicode.IsSpace(r):
			return i, 0
		}
	}
	switch {
	case inQuote:
		openAt = '"'
	case depth > 0:
		openAt = '['
	}
	return min(i, len(s)), openAt
}

// scanRegex scans /regex/ from i, where s[i] is '/'.
func scanRegex(s []rune, i int) (int, rune) {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '/':
			return j + 1, 0
		}
	}
	return len(s), '/'
}

// unquote returns the content of a double-quoted word, with \" and \\
// unescaped, and whether w was quoted.
func unquote(w string) (string, bool) {
	if len(w) < 2 || w[0] != '"' || w[len(w)-1] != '"' {
		return w, false
	}
	var b strings.Builder
	in := w[1 : len(w)-1]
	for i := 0; i < len(in); i++ {
		if in[i] == '\\' && i+1 < len(in) {
			i++
		}
		b.WriteByte(in[i])
	}
	return b.String(), true
}
