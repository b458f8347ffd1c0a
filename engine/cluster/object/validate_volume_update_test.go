package object

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// oracleUpdateCase is a merge patch of a stored object and what a
// v1.37.2 API server answered it (a dry run): the status code, and the
// 422 message and causes; an empty message when validation let the
// update through (admission may still have refused it: code 403).
type oracleUpdateCase struct {
	Name    string         `json:"name"`
	Object  map[string]any `json:"object"`
	Patch   map[string]any `json:"patch"`
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Causes  []StatusCause  `json:"causes"`
}

// TestPersistentVolumeUpdateAgainstServer replays the updates of
// testdata/pv_update_oracle.json, each compared there with a real API
// server: a changed source (refused with the diff of the internal types),
// node affinity changed, removed, or moved from a beta label to its GA
// name (allowed), a CSI controller-expand secret added (allowed).
func TestPersistentVolumeUpdateAgainstServer(t *testing.T) {
	replayOracleUpdates(t, "pv_update_oracle.json", 18)
}

// TestPersistentVolumeClaimUpdateAgainstServer replays the updates of
// testdata/pvc_update_oracle.json: bound and unbound claims, storage
// requests raised and lowered, volume name, storage class (and its beta
// annotation), access modes, selector, limits and volume mode changed.
func TestPersistentVolumeClaimUpdateAgainstServer(t *testing.T) {
	replayOracleUpdates(t, "pvc_update_oracle.json", 17)
}

// replayOracleUpdates validates each case's patched object as the update
// of its object and compares the message and causes with the server's;
// a case the server refused in admission (403) must pass validation.
func replayOracleUpdates(t *testing.T, file string, want int) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var cases []oracleUpdateCase
	if err := json.Unmarshal(src, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != want {
		t.Fatalf("%d cases, want %d", len(cases), want)
	}
	r := NewBuiltinRegistry()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			old := objectFromJSON(t, tc.Object)
			o := objectFromJSON(t, mergePatch(DeepCopyValue(tc.Object), tc.Patch).(map[string]any))
			old.Meta.ResourceVersion, o.Meta.ResourceVersion = "7", "7"
			info, _ := r.For(o)
			info.Default(o)
			errs := ValidateObject(info, o, old)
			got := ""
			if len(errs) > 0 {
				got = InvalidMessage(info, o.Meta.Name, errs)
			}
			want, wantCauses := tc.Message, tc.Causes
			if tc.Code == 403 {
				want, wantCauses = "", nil // admission's refusal, after validation
			}
			if got != want {
				t.Errorf("message mismatch\n got: %q\nwant: %q", got, want)
			}
			if causes := errs.Causes(); !slices.Equal(causes, wantCauses) {
				t.Errorf("causes mismatch\n got: %q\nwant: %q", causes, tc.Causes)
			}
		})
	}
}

// objectFromJSON decodes an object read from JSON (numbers as float64,
// as encoding/json gives them).
func objectFromJSON(t *testing.T, m map[string]any) *Object {
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
	if d := internalDiff(pvSourceOf(other), pvSourceOf(sp)); d != "" {
		t.Errorf("empty and absent volume attributes differ:\n%s", d)
	}
	changed := map[string]any{"csi": map[string]any{"driver": "d", "volumeHandle": "h2"}}
	if d := internalDiff(pvSourceOf(other), pvSourceOf(changed)); d == "" {
		t.Error("a changed volume handle gives no diff")
	}
}

// TestPVCVolumeAttributesClassStays: once the status records an applied
// volume attributes class, the spec's may change but not go (the
// messages are validation.go's).
func TestPVCVolumeAttributesClassStays(t *testing.T) {
	old := mustDecode(t, `apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: demo}
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
  volumeName: pv-1
  volumeAttributesClassName: gold
status: {phase: Bound, currentVolumeAttributesClassName: gold}
`)
	for _, tc := range []struct {
		name string
		vac  any // nil removes the field
		want string
	}{
		{"changed", "silver", ""},
		{"removed", nil, "spec.volumeAttributesClassName: Forbidden: update to nil is forbidden when status.currentVolumeAttributesClassName is not nil"},
		{"emptied", "", "spec.volumeAttributesClassName: Forbidden: update to empty string is forbidden when status.currentVolumeAttributesClassName is not nil"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := old.DeepCopy()
			if tc.vac == nil {
				delete(o.Spec(), "volumeAttributesClassName")
			} else {
				o.Spec()["volumeAttributesClassName"] = tc.vac
			}
			got := validatePVCUpdate(o, old).Error()
			if tc.want == "" && len(validatePVCUpdate(o, old)) != 0 || tc.want != "" && got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
