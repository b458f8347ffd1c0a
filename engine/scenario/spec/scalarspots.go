package spec

import (
	"gopkg.in/yaml.v3"
)

// spot is a 1-based line and column in the block body.
type spot struct{ line, col int }

// scalarSpots follows the source of scalar n and returns the body position
// of each rune of its value. YAML folds lines, unescapes quoted text and
// strips the indentation of block scalars, so the value's characters are
// not simply the source's; ok is false when the value rebuilt from the
// source differs from n.Value, and the caller falls back to the node's
// position.
func scalarSpots(lines [][]rune, n *yaml.Node) (spots []spot, ok bool) {
	if n.Kind != yaml.ScalarNode || n.Line < 1 || n.Column < 1 || n.Line > len(lines) {
		return nil, false
	}
	want := []rune(n.Value)
	var got []rune
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		got, spots = flowSpots(lines, spot{n.Line, n.Column + 1}, '"', -1)
	case n.Style&yaml.SingleQuotedStyle != 0:
		got, spots = flowSpots(lines, spot{n.Line, n.Column + 1}, '\'', -1)
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		got, spots = blockSpots(lines, n.Line, n.Style&yaml.FoldedStyle != 0)
	default:
		got, spots = flowSpots(lines, spot{n.Line, n.Column}, 0, len(want))
	}
	if len(got) < len(want) || string(got[:len(want)]) != n.Value {
		return nil, false
	}
	return spots[:len(want)], true
}

// flowSpots reads a plain (quote 0, stopping after limit runes) or quoted
// scalar from at, folding line breaks as YAML does: trailing blanks are
// dropped, one break becomes a space, each empty line a newline, and the
// next line's indentation is skipped.
func flowSpots(lines [][]rune, at spot, quote rune, limit int) ([]rune, []spot) {
	var out []rune
	var spots []spot
	emit := func(r rune, s spot) { out = append(out, r); spots = append(spots, s) }
	l, c := at.line, at.col
	for l <= len(lines) {
		if limit >= 0 && len(out) >= limit {
			break
		}
		line := lines[l-1]
		if c > len(line) {
			for len(out) > 0 && (out[len(out)-1] == ' ' || out[len(out)-1] == '\t') {
				out, spots = out[:len(out)-1], spots[:len(spots)-1]
			}
			end := spot{l, c}
			l++
			empty := 0
			for l <= len(lines) && isBlank(lines[l-1]) {
				empty++
				l++
			}
			if l > len(lines) {
				break
			}
			if empty == 0 {
				emit(' ', end)
			}
			for range empty {
				emit('\n', end)
			}
			c = firstNonBlank(lines[l-1])
			continue
		}
		r := line[c-1]
		switch {
		case quote == '"' && r == '"', quote == '\'' && r == '\'' && (c >= len(line) || line[c] != '\''):
			return out, spots
		case quote == '\'' && r == '\'':
			emit('\'', spot{l, c})
			c += 2
		case quote == '"' && r == '\\':
			if c == len(line) { // escaped line break: nothing is emitted
				l++
				if l <= len(lines) {
					c = firstNonBlank(lines[l-1])
				}
				continue
			}
			dec, width := unescape(line[c:])
			emit(dec, spot{l, c})
			c += 1 + width
		default:
			emit(r, spot{l, c})
			c++
		}
	}
	return out, spots
}

// simpleEscapes are YAML's one-character escapes.
var simpleEscapes = map[rune]rune{'0': 0, 'a': 7, 'b': 8, 't': 9, '\t': 9, 'n': 10, 'v': 11, 'f': 12, 'r': 13,
	'e': 27, ' ': ' ', '"': '"', '/': '/', '\\': '\\', 'N': 0x85, '_': 0xa0, 'L': 0x2028, 'P': 0x2029}

// unescape decodes the escape after a backslash in a double-quoted
// scalar; width is the number of runes it takes after the backslash.
func unescape(rest []rune) (rune, int) {
	if r, ok := simpleEscapes[rest[0]]; ok {
		return r, 1
	}
	digits := map[rune]int{'x': 2, 'u': 4, 'U': 8}[rest[0]]
	if digits == 0 || len(rest) < 1+digits {
		return rest[0], 1
	}
	v := rune(0)
	for _, d := range rest[1 : 1+digits] {
		v <<= 4
		switch {
		case d >= '0' && d <= '9':
			v |= d - '0'
		case d >= 'a' && d <= 'f':
			v |= d - 'a' + 10
		case d >= 'A' && d <= 'F':
			v |= d - 'A' + 10
		}
	}
	return v, 1 + digits
}

// blockSpots reads a literal or folded block scalar whose header ("|",
// ">-", …) is on line header; the indentation is that of its first
// non-empty line. A line break is placed at the end of the line it ends,
// an empty line's where its text would start.
func blockSpots(lines [][]rune, header int, folded bool) ([]rune, []spot) {
	var out []rune
	var spots []spot
	emit := func(r rune, s spot) { out = append(out, r); spots = append(spots, s) }
	indent := -1
	prevMore := false // the previous content line was more indented
	pending := false  // a content line was read: its break is pending
	var end spot      // where the pending break is
	var blanks []int  // empty lines since the last content line
	for l := header + 1; l <= len(lines); l++ {
		line := lines[l-1]
		if isBlank(line) {
			if indent >= 0 {
				blanks = append(blanks, l)
			}
			continue
		}
		lead := firstNonBlank(line) - 1
		if indent < 0 {
			indent = lead
		}
		if lead < indent || indent == 0 {
			break
		}
		more := lead > indent || line[indent] == '\t'
		if pending {
			if !folded || more || prevMore {
				emit('\n', end)
			} else if len(blanks) == 0 {
				emit(' ', end)
			}
			for _, b := range blanks {
				emit('\n', spot{b, indent + 1})
			}
		}
		for i := indent; i < len(line); i++ {
			emit(line[i], spot{l, i + 1})
		}
		pending, end, blanks, prevMore = true, spot{l, len(line) + 1}, nil, more
	}
	if pending {
		emit('\n', end)
		for _, b := range blanks { // kept by "+" chomping
			emit('\n', spot{b, indent + 1})
		}
	}
	return out, spots
}

func isBlank(line []rune) bool {
	for _, r := range line {
		if r != ' ' && r != '\t' {
			return false
		}
	}
	return true
}

// firstNonBlank returns the 1-based column of the first character of line
// that is not a space or a tab (one past the end for a blank line).
func firstNonBlank(line []rune) int {
	for i, r := range line {
		if r != ' ' && r != '\t' {
			return i + 1
		}
	}
	return len(line) + 1
}
