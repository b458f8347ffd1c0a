package markdown

import "strings"

// chroma's lexers are regular-expression machines: its Go lexer takes
// about 0.8 ms for ten lines, more than the rest of a page's conversion.
// The languages lessons use most have small hand-written scanners here
// instead, which emit the same CSS classes chroma's HTML formatter does
// (so StyleCSS applies to both) at a few hundred nanoseconds a line.
// Every other language still goes to chroma.

// sink receives the tokens of a scanner in order. The texts of all the
// calls, concatenated, are exactly the scanned code.
type sink interface {
	// emit passes one token; class is a chroma class ("k", "s2", …) or ""
	// for plain text.
	emit(class, text string)
}

// scanFunc highlights code into a sink.
type scanFunc func(out sink, code string)

// scanners are the native scanners by lower-cased language name.
var scanners = map[string]scanFunc{
	"go":            scanGo,
	"golang":        scanGo,
	"json":          scanJSON,
	"yaml":          scanYAML,
	"yml":           scanYAML,
	"sh":            scanShell,
	"bash":          scanShell,
	"shell":         scanShell,
	"zsh":           scanShell,
	"console":       scanConsole,
	"shell-session": scanConsole,
	"bash-session":  scanConsole,
}

// scannerFor returns the native scanner for lang, or nil.
func scannerFor(lang string) scanFunc {
	return scanners[strings.ToLower(lang)]
}

// lineEnd returns the index of the newline ending the line that holds i,
// or len(s).
func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// spanWhile returns the end of the run of bytes from i that satisfy ok.
func spanWhile(s string, i int, ok func(byte) bool) int {
	for i < len(s) && ok(s[i]) {
		i++
	}
	return i
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c >= 0x80
}

// isNumber reports whether s is a decimal, hexadecimal or floating-point
// number, with an optional sign.
func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" || !isDigit(s[0]) && !(s[0] == '.' && len(s) > 1 && isDigit(s[1])) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isDigit(c) && !strings.ContainsRune(".eExXabcdefABCDEF_+-", rune(c)) {
			return false
		}
	}
	return true
}

// quoteClass is the class of a string opened by quote q.
func quoteClass(q byte) string {
	switch q {
	case '"':
		return "s2"
	case '\'':
		return "s1"
	}
	return "sb"
}
