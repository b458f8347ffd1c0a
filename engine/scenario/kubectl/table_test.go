package kubectl

import (
	"strings"
	"testing"
	"text/tabwriter"
)

// A table lays out as its cells joined by tabs, line by line, through
// kubectl's tab writer, with tabs and line breaks in cells made spaces:
// empty cells (first, last, or all) included.
func TestTableRendersJoinedCells(t *testing.T) {
	tab := &table{
		columns: []column{{name: "name"}, {name: "ip", wide: true}, {name: "message"}, {name: "Größe"}},
		rows: [][]string{
			{"", "10.0.0.1", "a\tb\nc\rd"},
			{"web", "", ""},
			{"", "", ""},
			{"short"},
		},
		namespaces: []string{"", "demo", "", "kube-system"},
	}
	for _, wide := range []bool{false, true} {
		if got, want := tab.render(wide), joined(tab, wide); got != want {
			t.Errorf("wide %v:\n%q\nwant\n%q", wide, got, want)
		}
	}
	if got, want := clean("a\tb\nc\rd é"), "a b c d é"; got != want {
		t.Errorf("clean = %q, want %q", got, want)
	}
}

// joined renders a table by joining its cells, as tables were rendered.
func joined(t *table, wide bool) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	spaces := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")
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
				cells = append(cells, spaces.Replace(row[j]))
			}
		}
		w.Write([]byte(strings.Join(cells, "\t") + "\n"))
	}
	w.Flush()
	return b.String()
}
