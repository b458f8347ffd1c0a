package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
)

// link records one link whose node is n and whose destination, escapes and
// character references resolved, is dest; passes it through
// Context.Resolve and returns the destination to render.
func (cv *conversion) link(n ast.Node, dest []byte, image bool, res *Result) []byte {
	pos := cv.pos(cv.start(n))
	orig := string(dest)
	out := orig
	if cv.ctx.Resolve != nil {
		d, err := cv.ctx.Resolve(orig, pos)
		if err != nil {
			cv.fail(err, pos)
		} else {
			out = d
		}
	}
	res.Links = append(res.Links, Link{Orig: orig, Dest: out, Pos: pos, Image: image})
	if out == orig {
		return dest
	}
	return []byte(out)
}

// autoLinkURL is the destination an autolink renders to.
func autoLinkURL(n *ast.AutoLink, src []byte) []byte {
	url := n.URL(src)
	if n.AutoLinkType == ast.AutoLinkEmail && !bytes.HasPrefix(bytes.ToLower(url), []byte("mailto:")) {
		url = append([]byte("mailto:"), url...)
	}
	return url
}

// replaceAutoLink swaps autolink n for an ordinary link to dest with the
// same label, so that a rewritten destination is rendered.
func replaceAutoLink(n *ast.AutoLink, dest, src []byte) {
	parent := n.Parent()
	if parent == nil {
		return
	}
	link := ast.NewLink()
	link.Destination = dest
	label := ast.NewString(bytes.Clone(n.Label(src)))
	label.SetRaw(true)
	link.AppendChild(link, label)
	parent.ReplaceChild(parent, n, link)
}
