package spec

import (
	"github.com/loopbook/loopbook/engine/diag"
)

// words is a text split into tokens, with the way back to the lesson and
// the errors found in it.
type words struct {
	t    text
	toks []token
	errs diag.List
}

func newWords(t text) *words { return &words{t: t, toks: lex(t.runes)} }

// pos returns the lesson position of tok.
func (w *words) pos(tok token) diag.Pos { return w.t.pos(tok.off) }

// word returns tok as a Word.
func (w *words) word(tok token) Word { return Word{Text: tok.text, Pos: w.pos(tok)} }

// end returns the position just past the last token, for "expected …
// after …" errors.
func (w *words) end() diag.Pos {
	if len(w.toks) == 0 {
		return w.t.pos(0)
	}
	last := w.toks[len(w.toks)-1]
	return w.t.pos(last.off + len([]rune(last.text)))
}

// after returns the position just past tok.
func (w *words) after(tok token) diag.Pos { return w.t.pos(tok.off + len([]rune(tok.text))) }

// errorf records an error at pos.
func (w *words) errorf(pos diag.Pos, format string, args ...any) *diag.Error {
	e := diag.Errorf(pos, format, args...)
	e.Phase = "parse"
	w.errs = append(w.errs, e)
	return e
}

// at records an error at tok.
func (w *words) at(tok token, format string, args ...any) *diag.Error {
	return w.errorf(w.pos(tok), format, args...)
}

// closed reports whether tok closes every quote, bracket or regular
// expression it opens, recording an error if not.
func (w *words) closed(tok token) bool {
	switch tok.open {
	case '"':
		w.at(tok, "unterminated quote in %q", tok.text).WithHint(`close it with a second "`)
	case '[':
		w.at(tok, "unterminated [ in %q", tok.text).WithHint(`close it with "]"`)
	case '/':
		w.at(tok, "unterminated regular expression %s", tok.text).WithHint(`close it with "/"`)
	default:
		return true
	}
	return false
}
