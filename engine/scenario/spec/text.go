package spec

import (
	"gopkg.in/yaml.v3"

	"github.com/loopbook/loopbook/engine/diag"
)

// text is a scalar's value with the lesson position of each of its
// characters, so that an error about one word of a claim points at that
// word, whether the claim was written plain, quoted or as a block scalar.
type text struct {
	runes []rune
	// spots holds the position of each rune when exact; otherwise every
	// offset maps to start.
	spots []diag.Pos
	exact bool
	start diag.Pos
}

// pos returns the lesson position of the rune at offset off; offsets past
// the end continue the last line.
func (t text) pos(off int) diag.Pos {
	if !t.exact || len(t.spots) == 0 {
		return t.start
	}
	if off < len(t.spots) {
		return t.spots[max(off, 0)]
	}
	last := t.spots[len(t.spots)-1]
	last.Col += off - len(t.spots) + 1
	return last
}

// textAt places s at a lesson position, as if written there on one line
// (a newline in s starts the next line at the same column).
func textAt(s string, at diag.Pos) text {
	at.Line = max(at.Line, 1)
	at.Col = max(at.Col, 1)
	t := text{runes: []rune(s), exact: true, start: at}
	p := at
	for _, r := range t.runes {
		t.spots = append(t.spots, p)
		if r == '\n' {
			p.Line++
			p.Col = at.Col
		} else {
			p.Col++
		}
	}
	return t
}

// textOf returns the text of scalar node n with the way back to the
// lesson. When the scalar's source cannot be followed exactly, every
// offset maps to the node's own position.
func (p *parser) textOf(n *yaml.Node) text {
	t := text{runes: []rune(n.Value), start: p.nodePos(n)}
	spots, ok := scalarSpots(p.lines, n)
	if !ok {
		return t
	}
	t.exact = true
	t.spots = make([]diag.Pos, len(spots))
	for i, s := range spots {
		t.spots[i] = p.pos(s.line, s.col)
	}
	if len(spots) > 0 {
		t.start = t.spots[0]
	}
	return t
}
