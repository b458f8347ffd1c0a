package kubectl

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// objectsOf reads a YAML file of testdata as a Source.
func objectsOf(t testing.TB, name string) Source {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := object.DecodeYAML(b)
	if err != nil {
		t.Fatal(err)
	}
	return func(kind, ns string) []*object.Object {
		var out []*object.Object
		for _, d := range docs {
			if d.Err != nil {
				t.Fatal(d.Err)
			}
			if d.Object.Kind == kind && (ns == "" || d.Object.Meta.Namespace == ns) {
				out = append(out, d.Object)
			}
		}
		return out
	}
}

func TestStorageTables(t *testing.T) {
	env := Env{Objects: objectsOf(t, "storage.yaml"), Now: testNow, Namespace: "demo"}
	cases := []struct{ name, line string }{
		{"get-pvc", "kubectl get pvc"},
		{"get-pvc-wide", "kubectl get persistentvolumeclaims -o wide"},
		{"get-pv", "kubectl get pv"},
		{"get-storageclass", "kubectl get storageclass"},
		{"get-sc-named", "kubectl get sc slow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := env.RunLine(c.line)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, got)
		})
	}
}

func TestAccessModes(t *testing.T) {
	tests := []struct {
		modes []string
		want  string
	}{
		{nil, ""},
		{[]string{"ReadWriteOnce"}, "RWO"},
		{[]string{"ReadWriteMany", "ReadWriteOnce", "ReadWriteOnce"}, "RWO,RWX"},
		{[]string{"ReadWriteOncePod", "ReadOnlyMany"}, "ROX,RWOP"},
	}
	for _, tt := range tests {
		if got := accessModes(tt.modes); got != tt.want {
			t.Errorf("accessModes(%v) = %q, want %q", tt.modes, got, tt.want)
		}
	}
}

// TestVolumeClass: a volume's class is read as helper.GetPersistentVolumeClass
// reads it, the beta annotation winning whenever present, even empty.
func TestVolumeClass(t *testing.T) {
	for _, tc := range []struct {
		ann  map[string]string
		want string
	}{
		{nil, "fast"},
		{map[string]string{object.AnnotationBetaStorageClass: "slow"}, "slow"},
		{map[string]string{object.AnnotationBetaStorageClass: ""}, ""},
	} {
		o := object.New("v1", "PersistentVolume")
		o.Meta.Name, o.Meta.Annotations = "pv", tc.ann
		o.Content["spec"] = map[string]any{"storageClassName": "fast"}
		if got := pvRow(o, testNow.Wall())[6]; got != tc.want {
			t.Errorf("annotations %v: STORAGECLASS %q, want %q", tc.ann, got, tc.want)
		}
	}
}
