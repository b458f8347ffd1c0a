package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// codeRenderer renders fenced code blocks: highlighted when the info
// string's first word names a language chroma knows, plain and escaped
// otherwise. Blocks of registered kinds never reach it.
type codeRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, r.render)
}

func (r codeRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.FencedCodeBlock)
	lang := ""
	if n.Info != nil {
		lang = firstWord(string(n.Info.Segment.Value(src)))
	}
	body := linesValue(n.Lines(), src)
	if lang == "" || !highlight(w, lang, body) {
		writePlainCode(w, lang, body)
	}
	return ast.WalkSkipChildren, nil
}

// writePlainCode writes code escaped in <pre><code>, with a language-LANG
// class when lang is set.
func writePlainCode(w util.BufWriter, lang string, code []byte) {
	_, _ = w.WriteString("<pre><code")
	if lang != "" {
		_, _ = w.WriteString(` class="language-`)
		escapeString(w, lang)
		_ = w.WriteByte('"')
	}
	_ = w.WriteByte('>')
	escapeString(w, string(code))
	_, _ = w.WriteString("</code></pre>\n")
}

// linesValue concatenates the values of lines.
func linesValue(lines *text.Segments, src []byte) []byte {
	size := 0
	for i := range lines.Len() {
		seg := lines.At(i)
		size += seg.Len() + seg.Padding
	}
	b := make([]byte, 0, size)
	for i := range lines.Len() {
		seg := lines.At(i)
		b = append(b, seg.Value(src)...)
	}
	return b
}
