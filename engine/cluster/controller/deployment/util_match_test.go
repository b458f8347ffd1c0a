package deployment

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// withoutHashReference is the template with the hash label taken out, as
// util.EqualIgnoreHash builds it: the reference EqualIgnoreHash must agree
// with.
func withoutHashReference(t map[string]any) map[string]any {
	meta := object.MapAt(t, "metadata")
	labels := object.MapAt(meta, "labels")
	if _, ok := labels[DefaultDeploymentUniqueLabelKey]; !ok {
		return t
	}
	l := map[string]any{}
	for k, v := range labels {
		if k != DefaultDeploymentUniqueLabelKey {
			l[k] = v
		}
	}
	m := map[string]any{}
	for k, v := range meta {
		m[k] = v
	}
	if len(l) == 0 {
		delete(m, "labels")
	} else {
		m["labels"] = l
	}
	out := map[string]any{}
	for k, v := range t {
		out[k] = v
	}
	out["metadata"] = m
	return out
}

func TestEqualIgnoreHashAgreesWithCopies(t *testing.T) {
	const hash = DefaultDeploymentUniqueLabelKey
	spec := func(image string) map[string]any {
		return map[string]any{"containers": []any{map[string]any{"name": "app", "image": image}}}
	}
	templates := []map[string]any{
		{"metadata": map[string]any{"labels": map[string]any{"app": "web"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web", hash: "abc"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web", hash: "def"}}, "spec": spec("v2")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "db", hash: "abc"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{hash: "abc"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{}}, "spec": spec("v1")},
		{"metadata": map[string]any{}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web", hash: "abc"}, "annotations": map[string]any{"a": "b"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web"}, "annotations": map[string]any{"a": "b"}}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web", hash: "abc"}}},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web"}}},
		{"metadata": map[string]any{"labels": map[string]any{"app": "web", hash: "x"}, hash: "y"}, "spec": spec("v1")},
		{"metadata": map[string]any{"labels": "app=web"}, "spec": spec("v1")},
		{"spec": spec("v1")},
		{"metadata": "none", "spec": spec("v1")},
		nil,
	}
	for i, a := range templates {
		for j, b := range templates {
			t.Run(fmt.Sprintf("%d-%d", i, j), func(t *testing.T) {
				want := object.EqualValues(withoutHashReference(a), withoutHashReference(b))
				if got := EqualIgnoreHash(a, b); got != want {
					t.Errorf("EqualIgnoreHash = %v, the copies say %v", got, want)
				}
			})
		}
	}
}
