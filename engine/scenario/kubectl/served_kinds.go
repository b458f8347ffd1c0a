package kubectl

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// defaultColumns are the API server's default table for a kind without a
// printer of its own (k8s.io/apiserver/pkg/registry/rest: the default
// table convertor): the name and the creation time.
var defaultColumns = []column{{name: "Name"}, {name: "Created At"}}

// defaultRow is the default table's row: the creation time in RFC 3339,
// UTC.
func defaultRow(o *object.Object, _ time.Time) []string {
	at := "<unknown>"
	if !o.Meta.CreationTimestamp.IsZero() {
		at = o.Meta.CreationTimestamp.UTC().Format(time.RFC3339)
	}
	return []string{o.Meta.Name, at}
}

// servedResource is the resource of a kind the API server serves that the
// tables here do not print: a custom resource with its CRD's printer
// columns (see CustomTable), any other kind with the default table.
func servedResource(k *object.KindInfo) *resource {
	plural := k.Resource
	if k.Group != "" {
		plural += "." + k.Group
	}
	r := &resource{kind: k.Kind, plural: plural, namespaced: k.Namespaced, columns: defaultColumns, row: defaultRow}
	if k.CRD != nil {
		r.columns, r.row = customColumns(k.Columns)
	}
	return r
}

// TableFor prints objects of kind k as `kubectl get` does: kubectl's
// table when this package has one for the kind, else as servedResource
// says.
func TableFor(k *object.KindInfo, objs []*object.Object, now time.Time, wide bool) string {
	r, ok := lookup(k.Kind)
	if !ok || k.CRD != nil {
		r = servedResource(k)
	}
	t := &table{columns: r.columns}
	for _, o := range objs {
		t.rows = append(t.rows, r.row(o, now))
	}
	return t.render(wide)
}
