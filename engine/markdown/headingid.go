package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/loopbook/loopbook/engine/diag"
)

// headingIDs gives every heading an id. Explicit ids ({#id} after the
// heading) are reserved first, in document order, so a generated id never
// takes one; the others are slugs of the heading's plain text, generated
// in document order through the parser's IDs, which Convert sets to a
// slugger. Two headings with the same explicit id are an error.
//
// Unless unsafe, a heading keeps only its id and class attributes.
type headingIDs struct {
	unsafe bool
}

// Transform implements parser.ASTTransformer.
func (h headingIDs) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var headings []*ast.Heading
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if hd, ok := n.(*ast.Heading); ok {
			headings = append(headings, hd)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	cv := fromContext(pc)
	ids := pc.IDs()
	var auto []*ast.Heading
	for _, hd := range headings {
		if !h.unsafe {
			keepOnly(hd, "id", "class")
		}
		v, ok := hd.AttributeString("id")
		id, isBytes := v.([]byte)
		if !ok || !isBytes || len(id) == 0 {
			if ok {
				removeAttr(hd, "id")
			}
			auto = append(auto, hd)
			continue
		}
		if cv != nil && cv.slugs.taken(string(id)) {
			cv.fail(diag.Errorf(cv.blockPos(hd), "heading id %q is used twice", id), diag.Pos{})
		}
		ids.Put(id)
	}
	for _, hd := range auto {
		hd.SetAttributeString("id", ids.Generate(plainText(hd, src), ast.KindHeading))
	}
}

// removeAttr removes n's attribute name.
func removeAttr(n ast.Node, name string) {
	attrs := n.Attributes()
	n.RemoveAttributes()
	for _, a := range attrs {
		if string(a.Name) != name {
			n.SetAttribute(a.Name, a.Value)
		}
	}
}

// keepOnly removes every attribute of n but the named ones.
func keepOnly(n ast.Node, names ...string) {
	attrs := n.Attributes()
	if len(attrs) == 0 {
		return
	}
	n.RemoveAttributes()
	for _, a := range attrs {
		for _, name := range names {
			if string(a.Name) == name {
				n.SetAttribute(a.Name, a.Value)
			}
		}
	}
}
