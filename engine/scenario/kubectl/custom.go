package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// CustomTable prints custom resources as `kubectl get` does with the
// server's table for them
// (k8s.io/apiextensions-apiserver/pkg/registry/customresource/tableconvertor):
// the kind's columns as the registry keeps them from the CRD — Name,
// then the additionalPrinterColumns, or Age when the CRD declares none —
// those of priority above 0 only with wide. A cell is the value at the
// column's JSONPath: a date as an age, a number or boolean as written, a
// missing value blank. Simplification: JSONPaths are read as field
// paths (.spec.replicas, .status.phase), without JSONPath filters.
func CustomTable(cols []object.Column, objs []*object.Object, now sim.Time, wide bool) string {
	r := &resource{}
	r.columns, r.row = customColumns(cols)
	t := &table{columns: r.columns}
	for _, o := range objs {
		t.rows = append(t.rows, r.row(o, now.Wall()))
	}
	return strings.TrimRight(t.render(wide), "\n")
}

// customColumns are a CRD's printer columns as a table's columns (those
// of priority above 0 only with -o wide) and the row of an object.
func customColumns(cols []object.Column) ([]column, func(o *object.Object, now time.Time) []string) {
	columns := make([]column, len(cols))
	for i, c := range cols {
		columns[i] = column{name: c.Name, wide: c.Priority > 0}
	}
	return columns, func(o *object.Object, now time.Time) []string {
		row := make([]string, len(cols))
		for i, c := range cols {
			row[i] = customCell(o, c, now)
		}
		return row
	}
}

// customCell is one column's cell of o.
func customCell(o *object.Object, c object.Column, now time.Time) string {
	path := c.JSONPath
	if !strings.HasPrefix(path, ".") {
		path = "." + path
	}
	v, ok, err := o.Get(path)
	if err != nil || !ok || v == nil {
		return ""
	}
	if t, ok := v.(time.Time); ok {
		return since(t, now)
	}
	if c.Type == "date" {
		if s, ok := v.(string); ok {
			if t, err := time.Parse(time.RFC3339, s); err == nil {
				return since(t, now)
			}
		}
	}
	switch v.(type) {
	case map[string]any, []any:
		return ""
	}
	return fmt.Sprint(v)
}
