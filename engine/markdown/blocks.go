package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/loopbook/loopbook/engine/diag"
)

// Block is a fenced block of a registered kind, found without rendering
// (see Converter.Blocks).
type Block struct {
	// Kind is the registered name the info string starts with.
	Kind string
	// Info is the whole info string.
	Info string
	// Body is the block's content, one line per source line, each ending
	// in a newline.
	Body []byte
	// Pos is the lesson position of the body's first character, as
	// BlockContext.Pos.
	Pos diag.Pos
}

// Blocks returns the fenced blocks of registered kinds in src, in
// document order, with the positions their Kinds will see at Render. It
// lets a site run every block before any page renders, so that blocks
// can depend on each other across pages.
func (c *Converter) Blocks(src []byte, ctx Context) []Block {
	if !c.mayHaveBlocks(src) {
		return nil
	}
	conv := newConversion(src, &ctx)
	pc := parser.NewContext(parser.WithIDs(conv.slugs))
	pc.Set(conversionKey, conv)
	doc := c.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var out []Block
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*blockNode); ok && entering {
			out = append(out, Block{Kind: b.handler.Name(), Info: b.info, Body: b.body(src), Pos: b.pos})
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// mayHaveBlocks reports whether src has a fence line naming a registered
// kind, a cheap test that spares most pages a parse.
func (c *Converter) mayHaveBlocks(src []byte) bool {
	names := c.registry.Names()
	if len(names) == 0 {
		return false
	}
	for _, fence := range []string{"```", "~~~"} {
		rest := src
		for {
			i := bytes.Index(rest, []byte(fence))
			if i < 0 {
				break
			}
			rest = rest[i+len(fence):]
			word := bytes.TrimLeft(rest, "`~ \t")
			for _, n := range names {
				if bytes.HasPrefix(word, []byte(n)) {
					return true
				}
			}
		}
	}
	return false
}
