package markdown

import (
	"errors"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"

	"github.com/loopbook/loopbook/engine/diag"
)

// conversionKey finds the conversion in the parser context, so that the
// shared transformers and renderers can reach per-call state.
var conversionKey = parser.NewContextKey()

// conversion is the state of one Convert call. It is used by one goroutine
// only.
type conversion struct {
	src     []byte
	ctx     *Context
	slugs   *slugger
	lines   lineIndex
	errs    diag.List
	scratch []byte // reused output buffer for kinds
}

func newConversion(src []byte, ctx *Context) *conversion {
	if ctx.Line < 1 {
		ctx.Line = 1
	}
	return &conversion{src: src, ctx: ctx, slugs: newSlugger(), lines: lineIndex{src: src}}
}

// pos returns the file position of byte offset off of the source.
func (cv *conversion) pos(off int) diag.Pos {
	line, col := cv.lines.position(off)
	return diag.Pos{File: cv.ctx.File, Line: cv.ctx.Line + line - 1, Col: col}
}

// blockPos returns the position of block n's first line.
func (cv *conversion) blockPos(n ast.Node) diag.Pos {
	if n.Lines().Len() == 0 {
		return cv.pos(0)
	}
	return cv.pos(n.Lines().At(0).Start)
}

// fromContext returns the conversion a parser context carries, or nil when
// the document is parsed outside Convert.
func fromContext(pc parser.Context) *conversion {
	cv, _ := pc.Get(conversionKey).(*conversion)
	return cv
}

// fail records err, placing it at pos when it has no position of its own.
func (cv *conversion) fail(err error, pos diag.Pos) {
	var list diag.List
	if !errors.As(err, &list) {
		var e *diag.Error
		if !errors.As(err, &e) {
			e = &diag.Error{Msg: err.Error()}
		}
		list = diag.List{e}
	}
	for _, e := range list {
		c := *e // the caller may keep its error; do not change it
		if c.Pos.File == "" && c.Pos.Line == 0 {
			c.Pos = pos
		}
		if c.Phase == "" {
			c.Phase = "markdown"
		}
		cv.errs = append(cv.errs, &c)
	}
}
