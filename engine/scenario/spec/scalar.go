package spec

import (
	"strings"

	"github.com/loopbook/loopbook/engine/diag"
)

// Scalar is one value read from a block, with the lesson position of its
// first character. A zero Pos (Line 0) means the key was absent and Value
// is T's zero value.
type Scalar[T any] struct {
	Value T
	Pos   diag.Pos
}

// IsSet reports whether the value was written in the block.
func (s Scalar[T]) IsSet() bool { return s.Pos.Line > 0 }

// Word is one word of a claim, pattern, fault or action value (an actor, a
// kind, a name), with the lesson position of its first character.
type Word struct {
	Text string
	Pos  diag.Pos
}

// Document is YAML text embedded in a block (the object of an apply, a
// fixture's objects), kept as text so that the engine decodes it with its
// own rules, with the way back to the lesson: LinePos maps a position inside
// the text to the lesson.
type Document struct {
	Text string
	// Pos is the lesson position of the text's first character.
	Pos diag.Pos
	// lines holds the lesson position of the first character of each
	// line of Text; nil when Text could not be followed in the source, in
	// which case every line maps to Pos.
	lines []diag.Pos
}

// IsSet reports whether the document was written in the block.
func (d Document) IsSet() bool { return d.Pos.Line > 0 }

// LinePos returns the lesson position of line line, column col (both
// 1-based, columns in characters) of the document's text. Lines past the
// end map to the last line.
func (d Document) LinePos(line, col int) diag.Pos {
	if len(d.lines) == 0 {
		return d.Pos
	}
	p := d.lines[min(max(line, 1), len(d.lines))-1]
	p.Col += max(col, 1) - 1
	return p
}

// Data is a YAML value taken as it is (a merge patch, a what-if option, a
// gate variant's field value): Value holds what yaml.v3 decodes it to
// (map[string]any, []any, string, int, float64, bool or nil).
type Data struct {
	Value any
	// Text is the source text of a scalar value ("16", "null"), empty for
	// a mapping or a sequence.
	Text string
	Pos  diag.Pos
}

// IsNull reports whether the value is YAML's null.
func (d Data) IsNull() bool { return d.Value == nil }

// KeyValue is one entry of an ordered string map (node labels).
type KeyValue struct {
	Key   string
	Value string
	Pos   diag.Pos
}

// splitLines splits normalised text into lines of runes, without their
// line ends.
func splitLines(src []byte) [][]rune {
	raw := strings.Split(string(src), "\n")
	out := make([][]rune, len(raw))
	for i, l := range raw {
		out[i] = []rune(l)
	}
	return out
}
