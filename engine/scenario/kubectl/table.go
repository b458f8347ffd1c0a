package kubectl

import (
	"strings"
	"text/tabwriter"
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
	var head []string
	if t.namespaces != nil {
		head = append(head, "NAMESPACE")
	}
	for _, c := range t.columns {
		if wide || !c.wide {
			head = append(head, strings.ToUpper(c.name))
		}
	}
	w.Write([]byte(strings.Join(head, "\t") + "\n"))
	for i, row := range t.rows {
		var cells []string
		if t.namespaces != nil {
			cells = append(cells, t.namespaces[i])
		}
		for j, c := range t.columns {
			if (wide || !c.wide) && j < len(row) {
				cells = append(cells, clean(row[j]))
			}
		}
		w.Write([]byte(strings.Join(cells, "\t") + "\n"))
	}
	w.Flush()
	return b.String()
}

// clean keeps a cell on its line and in its column: tabs and line breaks
// become spaces.
func clean(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}
