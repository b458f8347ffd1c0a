package object

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// pvUpdateCase is a merge patch of a stored PersistentVolume and what a
// v1.37.2 API server answered it (a dry run): the 422 message and causes,
// or an empty message when it took the update.
type pvUpdateCase struct {
	Name    string         `json:"name"`
	Object  map[string]any `json:"object"`
	Patch   map[string]any `json:"patch"`
	Message string         `json:"message"`
	Causes  []StatusCause  `json:"causes"`
}

// TestPersistentVolumeUpdateAgainstServer replays the updates of
// testdata/pv_update_oracle.json, each compared there with a real API
// server: a changed source (refused with the diff of the internal types),
// node affinity changed, removed, or moved from a beta label to its GA
// name (allowed), a CSI controller-expand secret added (allowed).
func TestPersistentVolumeUpdateAgainstServer(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "pv_update_oracle.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []pvUpdateCase
	if err := json.Unmarshal(src, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 18 {
		t.Fatalf("%d cases", len(cases))
	}
	r := NewBuiltinRegistry()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			old := pvFromJSON(t, tc.Object)
			o := pvFromJSON(t, mergePatch(DeepCopyValue(tc.Object), tc.Patch).(map[string]any))
			old.Meta.ResourceVersion, o.Meta.ResourceVersion = "7", "7"
			info, _ := r.For(o)
			info.Default(o)
			errs := ValidateObject(info, o, old)
			got := ""
			if len(errs) > 0 {
				got = InvalidMessage(info, o.Meta.Name, errs)
			}
			if got != tc.Message {
				t.Errorf("message mismatch\n got: %q\nwant: %q", got, tc.Message)
			}
			if causes := errs.Causes(); !slices.Equal(causes, tc.Causes) {
				t.Errorf("causes mismatch\n got: %q\nwant: %q", causes, tc.Causes)
			}
		})
	}
}

// pvFromJSON decodes a PersistentVolume read from JSON (numbers as
// float64, as encoding/json gives them).
func pvFromJSON(t *testing.T, m map[string]any) *Object {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return mustDecode(t, string(b))
}

// mergePatch applies a JSON merge patch (RFC 7386) to target.
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}

func TestPVSourceDiffEqualSources(t *testing.T) {
	sp := map[string]any{"csi": map[string]any{"driver": "d", "volumeHandle": "h", "volumeAttributes": map[string]any{}}}
	other := map[string]any{"csi": map[string]any{"driver": "d", "volumeHandle": "h"}}
	if d := pvSourceDiff(pvSourceOf(other), pvSourceOf(sp)); d != "" {
		t.Errorf("empty and absent volume attributes differ:\n%s", d)
	}
	changed := map[string]any{"csi": map[string]any{"driver": "d", "volumeHandle": "h2"}}
	if d := pvSourceDiff(pvSourceOf(other), pvSourceOf(changed)); d == "" {
		t.Error("a changed volume handle gives no diff")
	}
}
