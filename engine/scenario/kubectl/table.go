package kubectl

import (
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// column is one column of a table; wide columns (Priority 1 in kubectl's
// column definitions) are printed only with -o wide.
type column struct {
	name string
	wide bool
}

// table is what a `get` prints: columns and one row of cells per object.
type table struct {
	columns []column
	rows    [][]string
	// namespaces holds each row's namespace when the table lists several
	// namespaces (--all-namespaces); nil otherwise.
	namespaces []string
}

// render lays the table out as kubectl's tab writer does (minimum width 6,
// padding 3; k8s.io/cli-runtime/pkg/printers/tabwriter.go), with column
// names upper-cased (tableprinter.go, printTable). A table with no rows
// prints nothing.
func (t *table) render(wide bool) string {
	if len(t.rows) == 0 {
		return ""
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	// line is reused from row to row: the tab writer copies what it is
	// given.
	line := make([]byte, 0, 128)
	if t.namespaces != nil {
		line = cell(line, "NAMESPACE")
	}
	for _, c := range t.columns {
		if wide || !c.wide {
			line = append(appendUpper(line, c.name), '\t')
		}
	}
	w.Write(endLine(line))
	for i, row := range t.rows {
		line = line[:0]
		if t.namespaces != nil {
			line = cell(line, t.namespaces[i])
		}
		for j, c := range t.columns {
			if (wide || !c.wide) && j < len(row) {
				line = cell(line, clean(row[j]))
			}
		}
		w.Write(endLine(line))
	}
	w.Flush()
	return b.String()
}

// cell appends a cell to a line, and the tab that ends it.
func cell(line []byte, s string) []byte {
	return append(append(line, s...), '\t')
}

// appendUpper appends s upper-cased, as strings.ToUpper writes it,
// without a copy of its own when s is ASCII (as column names are).
func appendUpper(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(b, strings.ToUpper(s)...)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		b = append(b, c)
	}
	return b
}

// endLine ends a line of cells: its last tab becomes the line break.
func endLine(line []byte) []byte {
	if n := len(line); n > 0 {
		line[n-1] = '\n'
		return line
	}
	return append(line, '\n')
}

// clean keeps a cell on its line and in its column: tabs and line breaks
// become spaces. A cell without any is returned as it is.
func clean(s string) string {
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c == '\t' || c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}
