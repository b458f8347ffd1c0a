package admission

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// storageClassMap is a fixed set of StorageClasses by name.
type storageClassMap map[string]*object.Object

func (m storageClassMap) StorageClass(name string) *object.Object { return m[name] }

func (m storageClassMap) StorageClasses() []*object.Object {
	var out []*object.Object
	for _, c := range m {
		out = append(out, c)
	}
	return out
}

func storageClass(name string, expand any) *object.Object {
	sc := object.New("storage.k8s.io/v1", "StorageClass")
	sc.Meta.Name = name
	sc.Content["provisioner"] = "example.com/fake"
	if expand != nil {
		sc.Content["allowVolumeExpansion"] = expand
	}
	return sc
}

// claim is a PersistentVolumeClaim of class ("" for none) requesting
// storage, in phase.
func claim(class, storage, phase string) *object.Object {
	c := object.New("v1", "PersistentVolumeClaim")
	c.Meta.Namespace, c.Meta.Name = "demo", "claim-b"
	spec := map[string]any{"accessModes": []any{"ReadWriteOnce"},
		"resources": map[string]any{"requests": map[string]any{"storage": storage}}}
	if class != "" {
		spec["storageClassName"] = class
	}
	c.Content["spec"] = spec
	c.Content["status"] = map[string]any{"phase": phase}
	return c
}

// TestPersistentVolumeClaimResize checks the plugin's answers; the
// messages are a v1.37.2 API server's for the same updates.
func TestPersistentVolumeClaimResize(t *testing.T) {
	const notResizable = `persistentvolumeclaims "claim-b" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize`
	classes := storageClassMap{"expandable": storageClass("expandable", true), "fixed": storageClass("fixed", false),
		"unset": storageClass("unset", nil)}
	annotated := claim("", "3Gi", "Bound")
	annotated.Meta.Annotations = map[string]string{"volume.beta.kubernetes.io/storage-class": "expandable"}
	tests := []struct {
		name     string
		old, new *object.Object
		sub      string
		want     string // "" when allowed
	}{
		{"grown, class allows expansion", claim("expandable", "1Gi", "Bound"), claim("expandable", "3Gi", "Bound"), "", ""},
		{"grown, class does not exist", claim("manual", "1Gi", "Bound"), claim("manual", "3Gi", "Bound"), "", notResizable},
		{"grown within the bound volume's capacity", claim("manual", "1Gi", "Bound"), claim("manual", "1536Mi", "Bound"), "", notResizable},
		{"grown, class forbids expansion", claim("fixed", "1Gi", "Bound"), claim("fixed", "3Gi", "Bound"), "", notResizable},
		{"grown, class silent on expansion", claim("unset", "1Gi", "Bound"), claim("unset", "3Gi", "Bound"), "", notResizable},
		{"grown, no class", claim("", "1Gi", "Bound"), claim("", "3Gi", "Bound"), "", notResizable},
		{"grown, class changed", claim("fixed", "1Gi", "Bound"), claim("expandable", "3Gi", "Bound"), "", notResizable},
		{"grown, class from the beta annotation", claim("", "1Gi", "Bound"), annotated, "", notResizable},
		{"grown while pending", claim("expandable", "1Gi", "Pending"), claim("expandable", "3Gi", "Pending"), "",
			`persistentvolumeclaims "claim-b" is forbidden: Only bound persistent volume claims can be expanded`},
		{"same size in another unit", claim("manual", "1Gi", "Bound"), claim("manual", "1024Mi", "Bound"), "", ""},
		{"shrunk: validation's to judge", claim("manual", "1Gi", "Bound"), claim("manual", "500Mi", "Bound"), "", ""},
		{"status subresource", claim("manual", "1Gi", "Bound"), claim("manual", "3Gi", "Bound"), "status", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			a := c.attrs(t, api.OpUpdate, "", "persistentvolumeclaims", "demo", "claim-b", tt.new, tt.old)
			a.Subresource = tt.sub
			got := ""
			if st := NewPersistentVolumeClaimResize(classes).Validate(a); st != nil {
				if st.Code != 403 || st.Reason != api.ReasonForbidden {
					t.Errorf("status %d %s", st.Code, st.Reason)
				}
				got = st.Message
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPersistentVolumeClaimResizeIgnoresOtherResources: only claims.
func TestPersistentVolumeClaimResizeIgnoresOtherResources(t *testing.T) {
	c := newCluster(t)
	old, grown := claim("manual", "1Gi", "Bound"), claim("manual", "3Gi", "Bound")
	a := c.attrs(t, api.OpUpdate, "", "configmaps", "demo", "claim-b", grown, old)
	if st := NewPersistentVolumeClaimResize(nil).Validate(a); st != nil {
		t.Errorf("a ConfigMap update was refused: %s", st.Message)
	}
}
