package deployment

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestTemplateMatches: the remembered answers are EqualIgnoreHash's for
// every ReplicaSet, asked in any order and again, and a new state of a
// ReplicaSet (a new object) is compared afresh rather than answered from
// the state before.
func TestTemplateMatches(t *testing.T) {
	template := func(image, hash string) map[string]any {
		labels := map[string]any{"app": "web"}
		if hash != "" {
			labels[DefaultDeploymentUniqueLabelKey] = hash
		}
		return map[string]any{"metadata": map[string]any{"labels": labels},
			"spec": map[string]any{"containers": []any{map[string]any{"name": "c", "image": image}}}}
	}
	rsOf := func(name string, tmpl map[string]any) *replicaSet {
		o := object.New("apps/v1", "ReplicaSet")
		o.Meta.Name = name
		o.Content["spec"] = map[string]any{"template": tmpl}
		return decodeReplicaSet(o)
	}
	old := rsOf("web-1", template("nginx:1", "h1"))
	cur := rsOf("web-2", template("nginx:2", "h2"))
	noHash := rsOf("web-3", template("nginx:2", ""))
	curChanged := rsOf("web-2", template("nginx:3", "h2")) // web-2's next state
	cases := []struct {
		name  string
		order []*replicaSet
		want  []bool
	}{
		{"each once", []*replicaSet{old, cur, noHash}, []bool{false, true, true}},
		{"asked again", []*replicaSet{cur, old, cur, old}, []bool{true, false, true, false}},
		{"a new state is compared afresh", []*replicaSet{cur, curChanged, cur}, []bool{true, false, true}},
		{"a new state first", []*replicaSet{curChanged, cur}, []bool{false, true}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := &deployment{template: template("nginx:2", "")}
			for i, rs := range tc.order {
				if want := EqualIgnoreHash(rs.template, d.template); want != tc.want[i] {
					t.Fatalf("case expects %v for %s, EqualIgnoreHash says %v", tc.want[i], rs.name(), want)
				}
				if got := d.templateMatches(rs); got != tc.want[i] {
					t.Fatalf("ask %d (%s): templateMatches = %v, want %v", i, rs.name(), got, tc.want[i])
				}
			}
		})
	}
}
