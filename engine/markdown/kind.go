package markdown

import (
	"io"

	"github.com/loopbook/loopbook/engine/diag"
)

// Kind renders the fenced code blocks whose info string's first word equals
// Name(). The executable lesson blocks (scenario, quiz, failures, …) are
// kinds.
type Kind interface {
	// Name is the info-string word the kind answers to. It must be
	// non-empty and contain no white space.
	Name() string
	// Render writes the block's HTML to w. body is the block's content,
	// one line per source line, each ending in a newline. A non-nil error
	// fails the conversion: it should be a *diag.Error or a diag.List
	// placed with ctx.Position; an error without a position is placed at
	// ctx.Pos. Whatever Render wrote is then discarded and the block is
	// shown as plain code.
	Render(w io.Writer, body []byte, ctx *BlockContext) error
}

// KindFunc adapts a function to a Kind named name.
func KindFunc(name string, render func(w io.Writer, body []byte, ctx *BlockContext) error) Kind {
	return kindFunc{name: name, render: render}
}

type kindFunc struct {
	name   string
	render func(io.Writer, []byte, *BlockContext) error
}

func (k kindFunc) Name() string { return k.name }

func (k kindFunc) Render(w io.Writer, body []byte, ctx *BlockContext) error {
	return k.render(w, body, ctx)
}

// BlockContext tells a Kind where its block is. It is valid only during
// the Render call it is passed to. One made by hand, as a kind's own
// tests may, computes Position from Pos alone and returns ID's base
// unchanged.
type BlockContext struct {
	// Pos is the position in the lesson file of the first character of the
	// block's first body line (the line after the opening fence). For a
	// block inside a list item or a block quote, Col is where the body
	// starts after the container's indentation or "> " marker.
	Pos diag.Pos
	// Page is the source path of the page, as given in Context.File.
	Page string
	// Info is the whole info string, kind name included, without the
	// fence.
	Info string
	// Data is Context.Data of the conversion, passed through untouched.
	Data map[string]any
	// HeadingLevel is the level a heading of the block's own takes to
	// keep the page's outline in order: one more than the last heading
	// before the block, 2 when there is none (the page's title is the
	// h1), at most 6.
	HeadingLevel int

	conv  *conversion
	block *blockNode
}

// Position returns the lesson position of body line line, column col
// (both 1-based; columns count characters, not bytes). Positions past the
// body are clamped to its last line.
func (c *BlockContext) Position(line, col int) diag.Pos {
	if c.conv == nil || c.block == nil {
		return diag.Pos{File: c.Page, Line: c.Pos.Line + max(line, 1) - 1, Col: c.Pos.Col + max(col, 1) - 1}
	}
	lines := c.block.Lines()
	if lines.Len() == 0 {
		return c.Pos
	}
	i := min(max(line, 1), lines.Len()) - 1
	p := c.conv.pos(lines.At(i).Start)
	p.Col += max(col, 1) - 1
	return p
}

// ID returns an id attribute value made from base (slugged like a heading)
// that no other element of the page uses, and records it among the page's
// ids. Kinds use it for the anchors they render.
func (c *BlockContext) ID(base string) string {
	if c.conv == nil {
		return base
	}
	id := string(c.conv.slugs.Generate([]byte(base), kindBlock))
	if c.block != nil {
		c.block.ids = append(c.block.ids, id)
	}
	return id
}
