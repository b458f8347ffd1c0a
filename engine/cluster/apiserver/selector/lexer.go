package selector

import "strings"

// token is a lexical unit of a label selector (labels/selector.go, Token).
type token uint8

const (
	tokEnd token = iota
	tokIdent
	tokNot      // !
	tokEq       // =
	tokDoubleEq // ==
	tokNotEq    // !=
	tokIn       // in
	tokNotIn    // notin
	tokOpen     // (
	tokClose    // )
	tokComma    // ,
	tokGt       // >
	tokLt       // <
)

// lexer splits a label selector as Kubernetes' Lexer does: identifiers are
// runs of anything but whitespace and the special characters !=(),<>; the
// words in and notin are keywords.
type lexer struct {
	s   string
	pos int
}

func isSpecial(c byte) bool { return strings.IndexByte("!=(),<>", c) >= 0 }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func (l *lexer) peek() (token, string) {
	save := l.pos
	t, s := l.next()
	l.pos = save
	return t, s
}

func (l *lexer) next() (token, string) {
	for l.pos < len(l.s) && isSpace(l.s[l.pos]) {
		l.pos++
	}
	if l.pos >= len(l.s) {
		return tokEnd, ""
	}
	c := l.s[l.pos]
	if isSpecial(c) {
		two := ""
		if l.pos+1 < len(l.s) {
			two = l.s[l.pos : l.pos+2]
		}
		switch two {
		case "==":
			l.pos += 2
			return tokDoubleEq, two
		case "!=":
			l.pos += 2
			return tokNotEq, two
		}
		l.pos++
		switch c {
		case '!':
			return tokNot, "!"
		case '=':
			return tokEq, "="
		case '(':
			return tokOpen, "("
		case ')':
			return tokClose, ")"
		case ',':
			return tokComma, ","
		case '>':
			return tokGt, ">"
		default:
			return tokLt, "<"
		}
	}
	start := l.pos
	for l.pos < len(l.s) && !isSpace(l.s[l.pos]) && !isSpecial(l.s[l.pos]) {
		l.pos++
	}
	word := l.s[start:l.pos]
	switch word {
	case "in":
		return tokIn, word
	case "notin":
		return tokNotIn, word
	}
	return tokIdent, word
}
