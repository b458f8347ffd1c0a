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
	t := &table{}
	for _, c := range cols {
		t.columns = append(t.columns, column{name: c.Name, wide: c.Priority > 0})
	}
	for _, o := range objs {
		var row []string
		for _, c := range cols {
			row = append(row, customCell(o, c, now.Wall()))
		}
		t.rows = append(t.rows, row)
	}
	return strings.TrimRight(t.render(wide), "\n")
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
