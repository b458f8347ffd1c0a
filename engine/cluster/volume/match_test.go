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

// TestBindVolumeToClaim checks GetBindVolumeToClaim's answers: a free
// volume gets the claim and the bound-by-controller mark; one pre-bound by
// name gets the UID but no mark; one bound already is left as it is; the
// volume handed in is never changed.
func TestBindVolumeToClaim(t *testing.T) {
	claim := object.New("v1", "PersistentVolumeClaim")
	claim.Meta.Namespace, claim.Meta.Name, claim.Meta.UID, claim.Meta.ResourceVersion = "demo", "data", "uid-1", "42"
	withRef := func(ref map[string]any) *object.Object {
		v := object.New("v1", "PersistentVolume")
		v.Meta.Name = "pv"
		v.Content["spec"] = map[string]any{}
		if ref != nil {
			v.Spec()["claimRef"] = ref
		}
		return v
	}
	full := map[string]any{"kind": "PersistentVolumeClaim", "namespace": "demo", "name": "data", "uid": "uid-1", "apiVersion": "v1", "resourceVersion": "42"}
	tests := []struct {
		name      string
		v         *object.Object
		wantDirty bool
		wantMark  bool
		wantRV    string
	}{
		{"free", withRef(nil), true, true, "42"},
		{"pre-bound by name", withRef(map[string]any{"namespace": "demo", "name": "data"}), true, false, "42"},
		{"bound already", withRef(map[string]any{"namespace": "demo", "name": "data", "uid": "uid-1", "resourceVersion": "7"}), false, false, "7"},
		{"bound to another claim", withRef(map[string]any{"namespace": "demo", "name": "other", "uid": "uid-2"}), true, true, "42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.v.DeepCopy()
			got, dirty := BindVolumeToClaim(tt.v, claim)
			ref := object.AsMap(got.Spec()["claimRef"])
			_, mark := got.Meta.Annotations[AnnBoundByController]
			if dirty != tt.wantDirty || mark != tt.wantMark || ref["resourceVersion"] != tt.wantRV || ref["uid"] != "uid-1" {
				t.Errorf("dirty %v, mark %v, claimRef %v; want dirty %v, mark %v, resourceVersion %s", dirty, mark, ref, tt.wantDirty, tt.wantMark, tt.wantRV)
			}
			if tt.wantDirty && ref["name"] == "data" && !object.EqualValues(ref, full) {
				t.Errorf("claimRef %v, want %v", ref, full)
			}
			if !object.EqualValues(tt.v.Content, before.Content) || len(tt.v.Meta.Annotations) != len(before.Meta.Annotations) {
				t.Error("the volume handed in was changed")
			}
		})
	}
}
