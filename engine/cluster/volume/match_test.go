package volume

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestFindMatchingVolumeOnNode checks the answers the scheduler asks for:
// with the node's labels, under delayed binding.
func TestFindMatchingVolumeOnNode(t *testing.T) {
	pv := func(name, size, zone string, modes ...any) *object.Object {
		v := object.New("v1", "PersistentVolume")
		v.Meta.Name = name
		spec := map[string]any{"capacity": map[string]any{"storage": size}, "accessModes": modes, "storageClassName": "local"}
		if zone != "" {
			spec["nodeAffinity"] = map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{map[string]any{
				"matchExpressions": []any{map[string]any{"key": "zone", "operator": "In", "values": []any{zone}}}}}}}
		}
		v.Content["spec"] = spec
		v.Content["status"] = map[string]any{"phase": "Available"}
		return v
	}
	claim := object.New("v1", "PersistentVolumeClaim")
	claim.Meta.Namespace, claim.Meta.Name, claim.Meta.UID = "demo", "data", "uid-1"
	claim.Content["spec"] = map[string]any{"storageClassName": "local", "accessModes": []any{"ReadWriteOnce"},
		"resources": map[string]any{"requests": map[string]any{"storage": "1Gi"}}}
	onA := map[string]string{"zone": "a"}
	preBoundOnB := pv("mine", "1Gi", "b", "ReadWriteOnce")
	preBoundOnB.Spec()["claimRef"] = map[string]any{"namespace": "demo", "name": "data"}
	tests := []struct {
		name     string
		volumes  []*object.Object
		labels   map[string]string
		excluded map[string]bool
		want     string
	}{
		{"the smallest on the node", []*object.Object{pv("b-small", "1Gi", "b", "ReadWriteOnce"), pv("a-big", "5Gi", "a", "ReadWriteOnce"), pv("anywhere", "2Gi", "", "ReadWriteOnce")}, onA, nil, "anywhere"},
		{"access modes are checked with a node", []*object.Object{pv("many", "1Gi", "a", "ReadWriteMany")}, onA, nil, ""},
		{"chosen volumes are excluded", []*object.Object{pv("a1", "1Gi", "a", "ReadWriteOnce"), pv("a2", "2Gi", "a", "ReadWriteOnce")}, onA, map[string]bool{"a1": true}, "a2"},
		{"a pre-bound volume off the node ends the search", []*object.Object{preBoundOnB, pv("a1", "1Gi", "a", "ReadWriteOnce")}, onA, nil, ""},
		{"without a node, delayed binding waits", []*object.Object{pv("a1", "1Gi", "a", "ReadWriteOnce")}, nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if v := FindMatchingVolume(claim, tt.volumes, tt.labels, tt.excluded, true); v != nil {
				got = v.Meta.Name
			}
			if got != tt.want {
				t.Errorf("match = %q, want %q", got, tt.want)
			}
		})
	}
}
