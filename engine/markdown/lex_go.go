package markdown

import (
	"go/scanner"
	"go/token"
	"strings"
)

// scanGo highlights Go with the standard library's scanner, so fragments
// and mistakes are tokenised as the compiler would see them.
func scanGo(out sink, code string) {
	src := []byte(code)
	file := token.NewFileSet().AddFile("", 1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	last := 0
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted by the scanner, not in the source
		}
		off := file.Offset(pos)
		if off < last || off >= len(code) {
			continue
		}
		end := min(goTokenEnd(code, off, tok, lit), len(code))
		if end <= off {
			continue
		}
		out.emit("", code[last:off])
		out.emit(goClass(tok, code[off:end], code[end:]), code[off:end])
		last = end
	}
	out.emit("", code[last:])
}

// goTokenEnd finds where the token at off ends. The scanner's literal
// drops carriage returns from comments and raw strings, so those are
// measured in the source.
func goTokenEnd(code string, off int, tok token.Token, lit string) int {
	rest := code[off:]
	switch {
	case tok == token.COMMENT && strings.HasPrefix(rest, "/*"):
		if i := strings.Index(rest[2:], "*/"); i >= 0 {
			return off + 2 + i + 2
		}
		return len(code)
	case tok == token.COMMENT:
		return lineEnd(code, off)
	case tok == token.STRING && rest[0] == '`':
		if i := strings.IndexByte(rest[1:], '`'); i >= 0 {
			return off + 1 + i + 1
		}
		return len(code)
	case lit != "":
		return off + len(lit)
	}
	return off + len(tok.String())
}

var (
	goDeclarations = set("func", "var", "const", "type", "struct", "interface", "map", "chan")
	goConstants    = set("true", "false", "nil", "iota")
	goTypes        = set("any", "bool", "byte", "comparable", "complex64", "complex128", "error",
		"float32", "float64", "int", "int8", "int16", "int32", "int64", "rune", "string",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr")
	goBuiltins = set("append", "cap", "clear", "close", "complex", "copy", "delete", "imag",
		"len", "make", "max", "min", "new", "panic", "print", "println", "real", "recover")
)

// goClass returns the class of a Go token; after is the source that
// follows it, to tell calls from other names.
func goClass(tok token.Token, text, after string) string {
	switch {
	case tok == token.PACKAGE || tok == token.IMPORT:
		return "kn"
	case tok.IsKeyword() && goDeclarations[text]:
		return "kd"
	case tok.IsKeyword():
		return "k"
	case tok == token.IDENT:
		called := strings.HasPrefix(strings.TrimLeft(after, " \t"), "(")
		switch {
		case goConstants[text]:
			return "kc"
		case goTypes[text]:
			return "kt"
		case called && goBuiltins[text]:
			return "nb"
		case called:
			return "nf"
		}
		return "nx"
	case tok == token.INT:
		return "mi"
	case tok == token.FLOAT:
		return "mf"
	case tok == token.IMAG:
		return "m"
	case tok == token.CHAR:
		return "sc"
	case tok == token.STRING:
		return "s"
	case tok == token.COMMENT && strings.HasPrefix(text, "//"):
		return "c1"
	case tok == token.COMMENT:
		return "cm"
	case tok == token.LPAREN, tok == token.RPAREN, tok == token.LBRACK, tok == token.RBRACK,
		tok == token.LBRACE, tok == token.RBRACE, tok == token.COMMA, tok == token.SEMICOLON,
		tok == token.PERIOD, tok == token.COLON:
		return "p"
	case tok.IsOperator():
		return "o"
	}
	return ""
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
