package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// textBuffer accumulates plain text with runs of white space collapsed to
// one space and no leading or trailing space.
type textBuffer struct {
	b     []byte
	space bool // a space is pending before the next word
}

func (t *textBuffer) write(p []byte) {
	for _, c := range p {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			t.space = len(t.b) > 0
			continue
		}
		if t.space {
			t.b = append(t.b, ' ')
			t.space = false
		}
		t.b = append(t.b, c)
	}
}

// separate ends the current word.
func (t *textBuffer) separate() {
	t.space = len(t.b) > 0
}

// inline appends the text of n's inline children: what a reader sees,
// with escapes and entities resolved. Raw HTML, footnote references and
// task-list boxes are left out; images count by their alt text.
func (t *textBuffer) inline(n ast.Node, src []byte, code bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(src)
			if !code && !c.IsRaw() {
				v = unescape(v)
			}
			t.write(v)
			if c.SoftLineBreak() || c.HardLineBreak() {
				t.separate()
			}
		case *ast.String:
			t.write(c.Value)
		case *ast.AutoLink:
			t.write(c.Label(src))
		case *ast.CodeSpan:
			t.inline(c, src, true)
		case *ast.RawHTML, *east.FootnoteLink, *east.TaskCheckBox:
		default:
			t.inline(c, src, code)
		}
	}
}

// plainText returns the plain text of n's inline content.
func plainText(n ast.Node, src []byte) []byte {
	var t textBuffer
	t.inline(n, src, false)
	return t.b
}

// unescape resolves backslash escapes and character references as the
// HTML renderer does.
func unescape(v []byte) []byte {
	if bytes.IndexByte(v, '\\') < 0 && bytes.IndexByte(v, '&') < 0 {
		return v
	}
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
}
