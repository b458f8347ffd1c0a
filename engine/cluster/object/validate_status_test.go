package object

import "testing"

// TestValidateStatusUpdate checks that a write to a Pod's status is
// checked as podStatusStrategy checks it, its metadata but not the spec it
// keeps as stored, while a kind without status checks of its own (a
// Deployment) gets its full validation, as on any update.
func TestValidateStatusUpdate(t *testing.T) {
	r := NewBuiltinRegistry()
	deployment := `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx}]
`
	tests := []struct {
		name            string
		src             string
		mutate          func(o *Object)
		wantFull        bool // whether ValidateObject finds a problem
		wantStatusWrite bool // whether ValidateStatusUpdate does
	}{
		{name: "valid pod", src: minimalPod, mutate: func(*Object) {}},
		{name: "pod stored with a spec the rules now refuse", src: minimalPod,
			mutate: func(o *Object) { delete(o.Spec(), "containers") }, wantFull: true},
		{name: "pod status write changing the name", src: minimalPod,
			mutate: func(o *Object) { o.Meta.Name = "q" }, wantFull: true, wantStatusWrite: true},
		{name: "deployment with a negative replica count", src: deployment,
			mutate: func(o *Object) { o.Spec()["replicas"] = int64(-1) }, wantFull: true, wantStatusWrite: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := mustDecode(t, tt.src)
			info, ok := r.For(old)
			if !ok {
				t.Fatalf("no kind for %s", old.Kind)
			}
			info.Default(old)
			old.Meta.ResourceVersion = "5"
			obj := old.DeepCopy()
			tt.mutate(obj)
			if got := len(ValidateObject(info, obj, old)) > 0; got != tt.wantFull {
				t.Errorf("ValidateObject found a problem: %v, want %v", got, tt.wantFull)
			}
			if got := len(ValidateStatusUpdate(info, obj, old)) > 0; got != tt.wantStatusWrite {
				t.Errorf("ValidateStatusUpdate found a problem: %v, want %v (%v)", got, tt.wantStatusWrite, ValidateStatusUpdate(info, obj, old))
			}
		})
	}
}
