package markdown

import (
	"bytes"
	"sort"
	"unicode/utf8"
)

// lineIndex maps byte offsets of a source to 1-based lines and columns.
// Columns count characters (runes), as an editor does; a tab is one. The
// line starts are found on first use.
type lineIndex struct {
	src    []byte
	starts []int
}

// position returns the line and column of offset off, clamped to the
// source.
func (x *lineIndex) position(off int) (line, col int) {
	if x.starts == nil {
		x.starts = append(x.starts, 0)
		for i := 0; ; {
			j := bytes.IndexByte(x.src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			x.starts = append(x.starts, i)
		}
	}
	off = min(max(off, 0), len(x.src))
	i := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	return i + 1, utf8.RuneCount(x.src[x.starts[i]:off]) + 1
}
