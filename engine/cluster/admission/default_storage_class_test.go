package admission

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// defaultClass is a StorageClass created at second created, marked
// default with the annotation key (none when "").
func defaultClass(name, key string, created int) *object.Object {
	c := storageClass(name, nil)
	c.Meta.CreationTimestamp = time.Date(2026, 1, 1, 0, 0, created, 0, time.UTC)
	if key != "" {
		c.Meta.Annotations = map[string]string{key: "true"}
	}
	return c
}

func TestDefaultStorageClass(t *testing.T) {
	const ga, beta = "storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"
	standard := defaultClass("standard", ga, 10)
	tests := []struct {
		name    string
		classes storageClassMap
		op      api.Operation
		class   any               // spec.storageClassName sent; nil for none
		annot   map[string]string // the claim's annotations
		want    any               // spec.storageClassName after
	}{
		{"defaults to the default class", storageClassMap{"standard": standard, "fast": defaultClass("fast", "", 20)}, api.OpCreate, nil, nil, "standard"},
		{"the beta annotation marks a default too", storageClassMap{"old": defaultClass("old", beta, 5)}, api.OpCreate, nil, nil, "old"},
		{"the newest default wins", storageClassMap{"standard": standard, "premium": defaultClass("premium", ga, 30)}, api.OpCreate, nil, nil, "premium"},
		{"created together: the lower name", storageClassMap{"standard": standard, "alpha": defaultClass("alpha", ga, 10)}, api.OpCreate, nil, nil, "alpha"},
		{"a class named is kept", storageClassMap{"standard": standard}, api.OpCreate, "fast", nil, "fast"},
		{"an empty class is a class", storageClassMap{"standard": standard}, api.OpCreate, "", nil, ""},
		{"the beta claim annotation is a class", storageClassMap{"standard": standard}, api.OpCreate, nil,
			map[string]string{"volume.beta.kubernetes.io/storage-class": "fast"}, nil},
		{"no default class", storageClassMap{"fast": defaultClass("fast", "", 20)}, api.OpCreate, nil, nil, nil},
		{"updates are not defaulted", storageClassMap{"standard": standard}, api.OpUpdate, nil, nil, nil},
		{"no classes at all", nil, api.OpCreate, nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t)
			pvc := claim("", "1Gi", "")
			pvc.Meta.Annotations = tt.annot
			if tt.class != nil {
				pvc.Content["spec"].(map[string]any)["storageClassName"] = tt.class
			}
			a := c.attrs(t, tt.op, "", "persistentvolumeclaims", "demo", "claim-b", pvc, nil)
			var ch trace.Change
			var classes StorageClasses
			if tt.classes != nil {
				classes = tt.classes
			}
			if st := NewDefaultStorageClass(classes).AdmitChanges(a, &ch); st != nil {
				t.Fatal(st.Message)
			}
			got, _, _ := pvc.Get(".spec.storageClassName")
			if got != tt.want {
				t.Errorf("storageClassName %v, want %v", got, tt.want)
			}
			if set := tt.class == nil && tt.want != nil; set != (len(ch.Set) == 1) {
				t.Errorf("change %+v", ch)
			}
		})
	}
}
