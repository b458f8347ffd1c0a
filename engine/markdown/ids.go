package markdown

import (
	"regexp"
	"strconv"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// rawID finds id attributes in raw HTML.
var rawID = regexp.MustCompile(`(?i)\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>` + "`" + `]+))`)

// collectIDs lists, in document order, the id attributes the rendered
// document defines. It runs after rendering, when kinds have asked for
// theirs; raw HTML is searched only when it was let through.
func collectIDs(doc ast.Node, src []byte, unsafe bool) []string {
	var ids []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if v, ok := n.AttributeString("id"); ok {
			if id, ok := v.([]byte); ok {
				ids = append(ids, string(id))
			}
		}
		switch n := n.(type) {
		case *blockNode:
			ids = append(ids, n.ids...)
		case *east.FootnoteLink:
			ref := "fnref"
			if n.RefIndex > 0 {
				ref += strconv.Itoa(n.RefIndex)
			}
			ids = append(ids, ref+":"+strconv.Itoa(n.Index))
		case *east.Footnote:
			ids = append(ids, "fn:"+strconv.Itoa(n.Index))
		case *ast.RawHTML:
			if unsafe {
				for i := range n.Segments.Len() {
					seg := n.Segments.At(i)
					ids = appendRawIDs(ids, seg.Value(src))
				}
			}
		case *ast.HTMLBlock:
			if unsafe {
				ids = appendRawIDs(ids, linesValue(n.Lines(), src))
			}
		}
		return ast.WalkContinue, nil
	})
	return ids
}

func appendRawIDs(ids []string, html []byte) []string {
	for _, m := range rawID.FindAllSubmatch(html, -1) {
		for _, g := range m[1:] {
			if len(g) > 0 {
				ids = append(ids, string(g))
				break
			}
		}
	}
	return ids
}
