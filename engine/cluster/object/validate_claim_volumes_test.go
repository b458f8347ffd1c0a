package object

import (
	"strings"
	"testing"
)

// A container may mount a volumeClaimTemplate by name; a mount of
// neither a volume nor a claim template is still refused.
func TestStatefulSetMountsClaimTemplate(t *testing.T) {
	for _, tc := range []struct {
		name, claim, want string
	}{
		{"claim template mounted", "data", ""},
		{"unknown mount", "other", `spec.template.spec.containers[0].volumeMounts[0].name: Not found: "data"`},
	} {
		o := New("apps/v1", "StatefulSet")
		o.Meta.Name, o.Meta.Namespace = "db", "demo"
		o.Content["spec"] = map[string]any{
			"selector": map[string]any{"matchLabels": map[string]any{"app": "db"}},
			"template": map[string]any{
				"metadata": map[string]any{"labels": map[string]any{"app": "db"}},
				"spec": map[string]any{"containers": []any{map[string]any{"name": "db", "image": "postgres:16",
					"volumeMounts": []any{map[string]any{"name": "data", "mountPath": "/data"}}}}},
			},
			"volumeClaimTemplates": []any{map[string]any{"metadata": map[string]any{"name": tc.claim},
				"spec": map[string]any{"accessModes": []any{"ReadWriteOnce"}, "resources": map[string]any{"requests": map[string]any{"storage": "1Gi"}}}}},
		}
		DefaultStatefulSet(o)
		var got []string
		for _, e := range validateStatefulSet(o, nil) {
			got = append(got, e.Error())
		}
		msg := strings.Join(got, "; ")
		if tc.want == "" && msg != "" || tc.want != "" && !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, msg, tc.want)
		}
	}
}
