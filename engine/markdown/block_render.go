package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// blockRenderer renders blockNodes by calling their Kind.
type blockRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r blockRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindBlock, r.render)
}

// render lets the kind write into a scratch buffer first, so that a kind
// that fails half-way leaves no partial HTML: the block is then shown as
// plain code and the error is collected.
func (r blockRenderer) render(w util.BufWriter, src []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	b := node.(*blockNode)
	cv := b.conv
	body := b.body(src)
	ctx := &BlockContext{
		Pos:   b.pos,
		Page:  cv.ctx.File,
		Info:  b.info,
		Data:  cv.ctx.Data,
		conv:  cv,
		block: b,

		HeadingLevel: headingLevelAt(b),
	}
	buf := bytes.NewBuffer(cv.scratch[:0])
	err := b.handler.Render(buf, body, ctx)
	if err != nil {
		cv.fail(err, b.pos)
		b.ids = nil
		writePlainCode(w, b.handler.Name(), body)
	} else {
		_, _ = w.Write(buf.Bytes())
	}
	cv.scratch = buf.Bytes()[:0]
	return ast.WalkSkipChildren, nil
}

// headingLevelAt returns the level a heading at node takes below the last
// heading before it in the document: 2 when there is none, at most 6.
func headingLevelAt(node ast.Node) int {
	top := node
	for top.Parent() != nil && top.Parent().Kind() != ast.KindDocument {
		top = top.Parent()
	}
	for n := top.PreviousSibling(); n != nil; n = n.PreviousSibling() {
		if h, ok := n.(*ast.Heading); ok {
			return min(h.Level+1, 6)
		}
	}
	return 2
}
