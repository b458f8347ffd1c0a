package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/loopbook/loopbook/engine/diag"
)

// Context describes one conversion.
type Context struct {
	// File is the source path named in positions and errors.
	File string
	// Line is the line of File on which the source passed to Convert
	// begins, so that positions stay file-relative when front matter was
	// cut off first. default: 1.
	Line int
	// Resolve, when set, is called with every link and image destination,
	// external ones included, in document order, and returns the
	// destination to render (return dest to keep it). dest has its
	// backslash escapes and character references resolved; the returned
	// one is URL-escaped when rendered. A non-nil error is collected,
	// placed at pos unless it carries its own position, and the
	// destination is kept.
	Resolve func(dest string, pos diag.Pos) (string, error)
	// Data is passed to every Kind as BlockContext.Data.
	Data map[string]any
}

// Result is what a conversion produces.
type Result struct {
	// HTML is the rendered content, without any page wrapper.
	HTML []byte
	// Title is the plain text of the first level-1 heading; "" if none.
	Title string
	// TOC lists the level-2 and level-3 headings in document order.
	TOC []Heading
	// IDs lists every id attribute the HTML defines, in document order:
	// headings, footnotes and their references, ids kinds asked for with
	// BlockContext.ID and, with Options.Unsafe, ids in raw HTML.
	IDs []string
	// Links lists every link, image and autolink in document order, with
	// the destination Resolve returned.
	Links []Link
	// Text is the plain text of the headings, paragraphs, list items,
	// table cells and definition lists, white space collapsed: code and
	// kind blocks are left out. It feeds the search index.
	Text string
}

// Heading is one entry of a table of contents.
type Heading struct {
	Level int    // 2 or 3
	ID    string // the heading's id attribute
	Title string // plain text, white space collapsed
}

// Link is one link destination found in the source.
type Link struct {
	Orig  string   // the destination as written, escapes resolved; autolinks get their implied scheme
	Dest  string   // the destination after Resolve; Orig when Resolve is nil
	Pos   diag.Pos // the opening '[' of a link, the '!' of an image, the '<' or first character of an autolink
	Image bool
}

// Convert renders src. Whatever goes wrong is returned together as a
// diag.List, sorted by position; the Result is complete even then (a
// failed block is shown as plain code), so a preview can still show it.
func (c *Converter) Convert(src []byte, ctx Context) (*Result, error) {
	conv := newConversion(src, &ctx)
	pc := parser.NewContext(parser.WithIDs(conv.slugs))
	pc.Set(conversionKey, conv)
	doc := c.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))

	res := &Result{}
	conv.analyze(doc, res)

	var buf bytes.Buffer
	buf.Grow(len(src) + len(src)/2)
	if err := c.md.Renderer().Render(&buf, src, doc); err != nil {
		conv.errs.Add(err)
	}
	res.HTML = buf.Bytes()
	res.IDs = collectIDs(doc, src, c.unsafe)
	return res, conv.errs.Err()
}
