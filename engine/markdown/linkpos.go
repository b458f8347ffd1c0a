package markdown

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
)

// goldmark's inline nodes carry no positions, but their text does: every
// ast.Text holds the byte range of the source it came from. The offset of
// a link is found from there: the first text inside the link, then back
// over emphasis and code delimiters to its '['. A link with no text in it
// (an image with empty alt text, say) is searched for forward from the
// end of whatever precedes it in its block.

// start returns the source offset at which inline n begins: the '[' of a
// link, the '!' of an image, the '<' (or first character) of an autolink,
// the first character of text. It returns the best lower bound it knows
// when n's text cannot be placed.
func (cv *conversion) start(n ast.Node) int {
	if s, ok := cv.known(n); ok {
		return s
	}
	return cv.lowerBound(n)
}

// known returns where n begins when its source can be placed.
func (cv *conversion) known(n ast.Node) (int, bool) {
	switch n := n.(type) {
	case *ast.Text:
		return n.Segment.Start, true
	case *ast.String:
		return 0, false
	case *ast.RawHTML:
		if n.Segments.Len() == 0 {
			return 0, false
		}
		return n.Segments.At(0).Start, true
	case *ast.AutoLink:
		off, ok := cv.autoLinkLabel(n)
		if ok && off > 0 && cv.src[off-1] == '<' {
			off--
		}
		return off, ok
	case *ast.Link:
		return cv.linkStart(n, "["), true
	case *ast.Image:
		return cv.linkStart(n, "!["), true
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if s, ok := cv.known(c); ok {
			return s, true
		}
	}
	return 0, false
}

// end returns the offset just past the last source byte of n that can be
// placed.
func (cv *conversion) end(n ast.Node) (int, bool) {
	switch n := n.(type) {
	case *ast.Text:
		return n.Segment.Stop, true
	case *ast.String:
		return 0, false
	case *ast.RawHTML:
		if n.Segments.Len() == 0 {
			return 0, false
		}
		return n.Segments.At(n.Segments.Len() - 1).Stop, true
	case *ast.AutoLink:
		off, ok := cv.autoLinkLabel(n)
		return off + len(n.Label(cv.src)), ok
	}
	for c := n.LastChild(); c != nil; c = c.PreviousSibling() {
		if e, ok := cv.end(c); ok {
			return e, true
		}
	}
	return 0, false
}

// linkStart places a link or image whose source begins with open.
func (cv *conversion) linkStart(n ast.Node, open string) int {
	lo := cv.lowerBound(n)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		f, ok := cv.known(c)
		if !ok {
			continue
		}
		i := f - 1
		for i >= lo && i < len(cv.src) && strings.IndexByte("*_~` \t\r\n", cv.src[i]) >= 0 {
			i--
		}
		i -= len(open) - 1
		if i >= lo && bytes.HasPrefix(cv.src[i:], []byte(open)) {
			return i
		}
		break
	}
	if lo < len(cv.src) {
		if j := bytes.Index(cv.src[lo:], []byte(open)); j >= 0 {
			return lo + j
		}
	}
	return lo
}

// lowerBound returns an offset at or before the start of n: the end of
// the nearest placed inline before it, else the start of its block.
func (cv *conversion) lowerBound(n ast.Node) int {
	for ; n != nil; n = n.Parent() {
		if n.Type() == ast.TypeBlock {
			if n.Lines().Len() > 0 {
				return n.Lines().At(0).Start
			}
			continue
		}
		for p := n.PreviousSibling(); p != nil; p = p.PreviousSibling() {
			if e, ok := cv.end(p); ok {
				return e
			}
		}
	}
	return 0
}

// autoLinkLabel returns the offset of n's label in the source. goldmark
// hands the label out as a slice of the source itself, so its offset is
// the difference of the capacities; the pointer check rules out a copy.
func (cv *conversion) autoLinkLabel(n *ast.AutoLink) (int, bool) {
	label := n.Label(cv.src)
	if len(label) == 0 || cap(label) > cap(cv.src) {
		return 0, false
	}
	off := cap(cv.src) - cap(label)
	if off+len(label) > len(cv.src) || &cv.src[off] != &label[0] {
		return 0, false
	}
	return off, true
}
