package admission

import (
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestStorageObjectInUseProtection checks which requests get which
// finalizer, through the default chain as kube-apiserver runs it.
func TestStorageObjectInUseProtection(t *testing.T) {
	pv := func(finalizers ...string) *object.Object {
		v := object.New("v1", "PersistentVolume")
		v.Meta.Name, v.Meta.Finalizers = "pv-1", finalizers
		v.Content["spec"] = map[string]any{"capacity": map[string]any{"storage": "1Gi"}}
		return v
	}
	pvc := func(finalizers ...string) *object.Object {
		c := claim("", "1Gi", "")
		c.Meta.Finalizers = finalizers
		return c
	}
	cm := object.New("v1", "ConfigMap")
	cm.Meta.Namespace, cm.Meta.Name = "demo", "settings"
	tests := []struct {
		name        string
		op          api.Operation
		resource    string
		subresource string
		ns          string
		obj         *object.Object
		want        []string
		changed     bool // the change reports the finalizers set
	}{
		{"a volume is protected", api.OpCreate, "persistentvolumes", "", "", pv(), []string{"kubernetes.io/pv-protection"}, true},
		{"a claim is protected", api.OpCreate, "persistentvolumeclaims", "", "demo", pvc(), []string{"kubernetes.io/pvc-protection"}, true},
		{"after the finalizers it has", api.OpCreate, "persistentvolumeclaims", "", "demo", pvc("example.com/backup"),
			[]string{"example.com/backup", "kubernetes.io/pvc-protection"}, true},
		{"never twice", api.OpCreate, "persistentvolumes", "", "", pv("kubernetes.io/pv-protection"), []string{"kubernetes.io/pv-protection"}, false},
		{"updates are not touched", api.OpUpdate, "persistentvolumeclaims", "", "demo", pvc(), nil, false},
		{"subresources are not touched", api.OpCreate, "persistentvolumeclaims", "status", "demo", pvc(), nil, false},
		{"other resources are not touched", api.OpCreate, "configmaps", "", "demo", cm, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := newCluster(t).attrs(t, tt.op, "", tt.resource, tt.ns, tt.obj.Meta.Name, tt.obj, nil)
			a.Subresource = tt.subresource
			var ch trace.Change
			if st := NewStorageObjectInUseProtection().AdmitChanges(a, &ch); st != nil {
				t.Fatalf("refused: %s", statusString(st))
			}
			if got := tt.obj.Meta.Finalizers; !slices.Equal(got, tt.want) && len(got)+len(tt.want) > 0 {
				t.Errorf("finalizers = %q, want %q", got, tt.want)
			}
			if got := slices.Contains(ch.Set, ".metadata.finalizers"); got != tt.changed {
				t.Errorf("change reports finalizers set = %v (%v)", got, ch.Set)
			}
		})
	}
}

// TestStandardChainProtectsClaims runs a claim's create through the whole
// default chain: the plugin is in it, after DefaultStorageClass.
func TestStandardChainProtectsClaims(t *testing.T) {
	c := newCluster(t)
	obj := claim("", "1Gi", "")
	a := c.attrs(t, api.OpCreate, "", "persistentvolumeclaims", "demo", "claim-b", obj, nil)
	if st := c.chain().Mutate(a); st != nil {
		t.Fatalf("refused: %s", statusString(st))
	}
	if !slices.Equal(obj.Meta.Finalizers, []string{object.FinalizerPVCProtection}) {
		t.Errorf("finalizers = %q", obj.Meta.Finalizers)
	}
	names := OrderedPlugins()
	if slices.Index(names, DefaultStorageClassName) > slices.Index(names, StorageObjectInUseProtectionName) {
		t.Error("StorageObjectInUseProtection runs before DefaultStorageClass")
	}
}
