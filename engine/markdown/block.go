package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/loopbook/loopbook/engine/diag"
)

// kindBlock is the node kind of a fenced block handed to a Kind.
var kindBlock = ast.NewNodeKind("LessonBlock")

// blockNode replaces a fenced code block whose info string names a
// registered Kind. Its lines are the fenced block's body.
type blockNode struct {
	ast.BaseBlock
	handler Kind
	info    string
	pos     diag.Pos    // of the first body line
	conv    *conversion // the conversion that parsed it
	ids     []string    // ids the kind asked for while rendering
}

// Kind implements ast.Node.
func (n *blockNode) Kind() ast.NodeKind { return kindBlock }

// IsRaw implements ast.Node: the body is not Markdown.
func (n *blockNode) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *blockNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"Kind": n.handler.Name()}, nil)
}

// body returns a copy of the block's content.
func (n *blockNode) body(src []byte) []byte {
	return linesValue(n.Lines(), src)
}

// blockExtension is the goldmark extension behind the block registry: a
// transformer that turns fenced blocks of registered kinds into blockNodes
// and a renderer that hands those to their Kind.
type blockExtension struct {
	registry *Registry
}

// Extend implements goldmark.Extender.
func (e *blockExtension) Extend(md goldmark.Markdown) {
	md.Parser().AddOptions(parser.WithASTTransformers(
		util.Prioritized(blockTransformer{registry: e.registry}, 100)))
	md.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(blockRenderer{}, 100)))
}

// blockTransformer replaces the fenced code blocks of registered kinds.
type blockTransformer struct {
	registry *Registry
}

// Transform implements parser.ASTTransformer.
func (t blockTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var found []*ast.FencedCodeBlock
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if fc, ok := n.(*ast.FencedCodeBlock); ok && entering && fc.Info != nil {
			found = append(found, fc)
		}
		return ast.WalkContinue, nil
	})
	cv := fromContext(pc)
	for _, fc := range found {
		info := string(fc.Info.Segment.Value(src))
		k, ok := t.registry.Lookup(firstWord(info))
		if !ok || cv == nil {
			continue
		}
		b := &blockNode{handler: k, info: info, conv: cv}
		b.SetLines(fc.Lines())
		if b.Lines().Len() > 0 {
			b.pos = cv.pos(b.Lines().At(0).Start)
		} else {
			// No body: the line after the opening fence, if there is one.
			info := fc.Info.Segment.Start
			if nl := bytes.IndexByte(src[info:], '\n'); nl >= 0 && info+nl+1 < len(src) {
				info += nl + 1
			}
			b.pos = cv.pos(info)
			b.pos.Col = 1
		}
		fc.Parent().ReplaceChild(fc.Parent(), fc, b)
	}
}

// firstWord returns s up to its first white space.
func firstWord(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' || s[i] == '\t' {
			return s[:i]
		}
	}
	return s
}
