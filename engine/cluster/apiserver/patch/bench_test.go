package patch

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// statusCase is one status patch a kubelet sent in the scale benchmark,
// with the stored object it applied to (without its metadata, as the API
// server hands a patch that names only the uid).
type statusCase struct {
	Kind   string         `json:"kind"`
	Target map[string]any `json:"target"`
	Patch  map[string]any `json:"patch"`
}

// statusCases reads testdata/status_patches.json: one Pod or Node status
// patch of each shape the scale benchmark sends.
func statusCases(tb testing.TB) []statusCase {
	tb.Helper()
	b, err := os.ReadFile("testdata/status_patches.json")
	if err != nil {
		tb.Fatal(err)
	}
	var cs []statusCase
	if err := json.Unmarshal(b, &cs); err != nil {
		tb.Fatal(err)
	}
	for i := range cs {
		for _, m := range []*map[string]any{&cs[i].Target, &cs[i].Patch} {
			v, err := object.Normalize(*m)
			if err != nil {
				tb.Fatal(err)
			}
			*m = v.(map[string]any)
		}
	}
	return cs
}

// BenchmarkStrategicStatus applies each of the kubelets' status patches
// of statusCases once per operation.
func BenchmarkStrategicStatus(b *testing.B) {
	cs := statusCases(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cs {
			if _, err := Strategic(c.Kind, c.Target, c.Patch); err != nil {
				b.Fatal(err)
			}
		}
	}
}
