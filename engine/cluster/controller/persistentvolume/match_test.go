package persistentvolume

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// newVolume is an Available volume of class with size and access modes.
func newVolume(name, size, class string, modes ...any) *object.Object {
	v := object.New("v1", "PersistentVolume")
	v.Meta.Name = name
	v.Content["spec"] = map[string]any{"capacity": map[string]any{"storage": size}, "accessModes": modes, "storageClassName": class}
	v.Content["status"] = map[string]any{"phase": "Available"}
	return v
}

func claimOf(size, class string, modes ...any) *object.Object {
	c := object.New("v1", "PersistentVolumeClaim")
	c.Meta.Namespace, c.Meta.Name, c.Meta.UID = "demo", "data", "uid-1"
	c.Content["spec"] = map[string]any{"resources": map[string]any{"requests": map[string]any{"storage": size}},
		"accessModes": modes, "storageClassName": class}
	return c
}

func TestFindBestMatch(t *testing.T) {
	rwo, rwx := "ReadWriteOnce", "ReadWriteMany"
	with := func(v *object.Object, f func(*object.Object)) *object.Object { f(v); return v }
	preBound := func(uid string) func(*object.Object) {
		return func(v *object.Object) {
			v.Spec()["claimRef"] = map[string]any{"namespace": "demo", "name": "data", "uid": uid}
		}
	}
	tests := []struct {
		name    string
		claim   *object.Object
		volumes []*object.Object
		delay   bool
		want    string // "" for none
	}{
		{"the smallest that fits", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{newVolume("big", "5Gi", "shelf", rwo), newVolume("small", "1Gi", "shelf", rwo), newVolume("tiny", "100Mi", "shelf", rwo)}, false, "small"},
		{"the fewest access modes first, even when larger", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{newVolume("both", "1Gi", "shelf", rwo, rwx), newVolume("once", "5Gi", "shelf", rwo)}, false, "once"},
		{"every mode asked for", claimOf("500Mi", "shelf", rwx),
			[]*object.Object{newVolume("once", "1Gi", "shelf", rwo), newVolume("many", "5Gi", "shelf", rwx)}, false, "many"},
		{"the class must match", claimOf("500Mi", "fast", rwo), []*object.Object{newVolume("small", "1Gi", "shelf", rwo)}, false, ""},
		{"the empty class matches volumes without one", claimOf("500Mi", "", rwo),
			[]*object.Object{newVolume("classless", "1Gi", "", rwo), newVolume("small", "1Gi", "shelf", rwo)}, false, "classless"},
		{"a tie goes to the lower name", claimOf("1Gi", "shelf", rwo),
			[]*object.Object{newVolume("b", "1Gi", "shelf", rwo), newVolume("a", "1024Mi", "shelf", rwo)}, false, "a"},
		{"a Released volume is not taken", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{with(newVolume("used", "1Gi", "shelf", rwo), func(v *object.Object) { v.Status()["phase"] = "Released" })}, false, ""},
		{"a volume pre-bound to another claim is not taken", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{with(newVolume("theirs", "1Gi", "shelf", rwo), func(v *object.Object) {
				v.Spec()["claimRef"] = map[string]any{"namespace": "demo", "name": "other"}
			})}, false, ""},
		{"a volume pre-bound by name wins at once", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{newVolume("small", "1Gi", "shelf", rwo), with(newVolume("mine", "5Gi", "other-class", rwo), preBound(""))}, false, "mine"},
		{"delayed binding takes only a pre-bound volume", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{newVolume("small", "1Gi", "shelf", rwo)}, true, ""},
		{"delayed binding, pre-bound with the claim's UID", claimOf("500Mi", "shelf", rwo),
			[]*object.Object{with(newVolume("mine", "1Gi", "shelf", rwo), preBound("uid-1"))}, true, "mine"},
		{"a selector filters by label", with(claimOf("500Mi", "shelf", rwo), func(c *object.Object) {
			c.Spec()["selector"] = map[string]any{"matchLabels": map[string]any{"tier": "gold"}}
		}), []*object.Object{newVolume("small", "1Gi", "shelf", rwo), with(newVolume("gold", "5Gi", "shelf", rwo), func(v *object.Object) {
			v.Meta.Labels = map[string]string{"tier": "gold"}
		})}, false, "gold"},
		{"the volume mode must match", with(claimOf("500Mi", "shelf", rwo), func(c *object.Object) { c.Spec()["volumeMode"] = "Block" }),
			[]*object.Object{newVolume("small", "1Gi", "shelf", rwo)}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if v := findBestMatch(tt.claim, tt.volumes, tt.delay); v != nil {
				got = v.Meta.Name
			}
			if got != tt.want {
				t.Errorf("match = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCheckVolumeSatisfyClaim(t *testing.T) {
	rwo := "ReadWriteOnce"
	tests := []struct {
		name  string
		v     *object.Object
		claim *object.Object
		want  string
	}{
		{"fits", newVolume("v", "1Gi", "shelf", rwo), claimOf("1Gi", "shelf", rwo), ""},
		{"too small", newVolume("v", "1Gi", "shelf", rwo), claimOf("2Gi", "shelf", rwo), "requested PV is too small"},
		{"another class", newVolume("v", "1Gi", "shelf", rwo), claimOf("1Gi", "fast", rwo), "storageClassName does not match"},
		{"modes", newVolume("v", "1Gi", "shelf", rwo), claimOf("1Gi", "shelf", "ReadWriteMany"), "incompatible accessMode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if err := checkVolumeSatisfyClaim(tt.v, tt.claim); err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
