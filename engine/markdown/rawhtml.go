package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// rawHTMLRenderer shows raw HTML as text when the converter is not unsafe:
// an author who types <div> sees "<div>" on the page instead of losing it
// silently. HTML comments are dropped in that mode, as a browser would
// hide them; they are authors' notes. When unsafe, goldmark's own
// renderers pass the HTML through.
type rawHTMLRenderer struct {
	unsafe bool
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r rawHTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	if r.unsafe {
		return
	}
	reg.Register(ast.KindRawHTML, r.renderInline)
	reg.Register(ast.KindHTMLBlock, r.renderBlock)
}

func (r rawHTMLRenderer) renderInline(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	for i := range n.Segments.Len() {
		seg := n.Segments.At(i)
		v := seg.Value(src)
		if i == 0 && bytes.HasPrefix(v, []byte("<!--")) {
			break
		}
		html.DefaultWriter.RawWrite(w, v)
	}
	return ast.WalkSkipChildren, nil
}

// renderBlock shows an HTML block as a paragraph of its escaped text.
func (r rawHTMLRenderer) renderBlock(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.HTMLBlock)
	if n.HTMLBlockType == ast.HTMLBlockType2 { // a comment
		return ast.WalkSkipChildren, nil
	}
	text := linesValue(n.Lines(), src)
	if n.HasClosure() {
		text = append(text, n.ClosureLine.Value(src)...)
	}
	_, _ = w.WriteString("<p>")
	html.DefaultWriter.RawWrite(w, bytes.TrimRight(text, "\n"))
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}
