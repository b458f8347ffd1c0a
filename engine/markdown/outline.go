package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// analyze fills res's Title, TOC, Text and Links from the parsed document,
// calling Context.Resolve on each link on the way. It runs before
// rendering, so rewritten destinations are what gets rendered.
func (cv *conversion) analyze(doc ast.Node, res *Result) {
	var text textBuffer
	type rewrite struct {
		n    *ast.AutoLink
		dest []byte
	}
	var rewrites []rewrite // autolinks Resolve changed, replaced after the walk
	titled := false
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			title := string(plainText(n, cv.src))
			if n.Level == 1 && !titled {
				res.Title, titled = title, true
			}
			if n.Level == 2 || n.Level == 3 {
				id, _ := n.AttributeString("id")
				idb, _ := id.([]byte)
				res.TOC = append(res.TOC, Heading{Level: n.Level, ID: string(idb), Title: title})
			}
			text.write([]byte(title))
			text.separate()
		case *ast.Paragraph, *ast.TextBlock, *east.TableCell, *east.DefinitionTerm:
			text.inline(n, cv.src, false)
			text.separate()
		case *ast.Link:
			n.Destination = cv.link(n, unescape(n.Destination), false, res)
		case *ast.Image:
			n.Destination = cv.link(n, unescape(n.Destination), true, res)
		case *ast.AutoLink:
			url := autoLinkURL(n, cv.src)
			if dest := cv.link(n, url, false, res); !bytes.Equal(dest, url) {
				rewrites = append(rewrites, rewrite{n, dest})
			}
		}
		return ast.WalkContinue, nil
	})
	res.Text = string(text.b)
	for _, r := range rewrites {
		replaceAutoLink(r.n, r.dest, cv.src)
	}
}
