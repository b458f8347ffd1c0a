package object

import "testing"

// TestValidateStatusUpdate checks that a write to a Pod's or a
// Deployment's status is checked as their status strategies check it, its
// metadata and status but not the spec it keeps as stored, while a kind
// without status checks of its own (a Service) gets its full validation,
// as on any update.
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
		{name: "deployment stored with a spec the rules now refuse", src: deployment,
			mutate: func(o *Object) { o.Spec()["replicas"] = int64(-1) }, wantFull: true},
		{name: "deployment status with more ready than replicas", src: deployment,
			mutate:          func(o *Object) { o.Content["status"] = map[string]any{"replicas": int64(1), "readyReplicas": int64(2)} },
			wantStatusWrite: true},
		{name: "service with a negative port", src: minimalService,
			mutate:   func(o *Object) { o.Spec()["ports"].([]any)[0].(map[string]any)["port"] = int64(-1) },
			wantFull: true, wantStatusWrite: true},
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

// TestValidateWorkloadStatus checks the messages of the Deployment's and
// the ReplicaSet's status checks (ValidateDeploymentStatusUpdate and
// ValidateReplicaSetStatusUpdate, pkg/apis/apps/validation/validation.go).
func TestValidateWorkloadStatus(t *testing.T) {
	r := NewBuiltinRegistry()
	tests := []struct {
		name   string
		kind   string
		status map[string]any
		old    map[string]any
		want   string // the 422 message, "" for none
	}{
		{name: "deployment settled", kind: "Deployment",
			status: map[string]any{"replicas": int64(3), "updatedReplicas": int64(3), "readyReplicas": int64(3), "availableReplicas": int64(3), "observedGeneration": int64(2)}},
		{name: "deployment with no status", kind: "Deployment"},
		{name: "deployment negative", kind: "Deployment", status: map[string]any{"unavailableReplicas": int64(-1)},
			want: `Deployment.apps "web" is invalid: status.unavailableReplicas: Invalid value: -1: must be greater than or equal to 0`},
		{name: "deployment more updated than replicas", kind: "Deployment", status: map[string]any{"replicas": int64(1), "updatedReplicas": int64(2), "readyReplicas": int64(1)},
			want: `Deployment.apps "web" is invalid: status.updatedReplicas: Invalid value: 2: cannot be greater than status.replicas`},
		{name: "deployment more available than ready", kind: "Deployment", status: map[string]any{"replicas": int64(3), "readyReplicas": int64(1), "availableReplicas": int64(2)},
			want: `Deployment.apps "web" is invalid: status.availableReplicas: Invalid value: 2: cannot be greater than readyReplicas`},
		{name: "deployment collision count lowered", kind: "Deployment",
			status: map[string]any{"collisionCount": int64(1)}, old: map[string]any{"collisionCount": int64(2)},
			want: `Deployment.apps "web" is invalid: status.collisionCount: Invalid value: 1: cannot be decremented`},
		{name: "replicaset settled", kind: "ReplicaSet",
			status: map[string]any{"replicas": int64(3), "fullyLabeledReplicas": int64(3), "readyReplicas": int64(3), "availableReplicas": int64(3), "observedGeneration": int64(1)}},
		{name: "replicaset more labelled than replicas", kind: "ReplicaSet", status: map[string]any{"replicas": int64(1), "fullyLabeledReplicas": int64(2)},
			want: `ReplicaSet.apps "web" is invalid: status.fullyLabeledReplicas: Invalid value: 2: cannot be greater than status.replicas`},
		{name: "replicaset negative generation", kind: "ReplicaSet", status: map[string]any{"observedGeneration": int64(-1)},
			want: `ReplicaSet.apps "web" is invalid: status.observedGeneration: Invalid value: -1: must be greater than or equal to 0`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := mustDecode(t, "apiVersion: apps/v1\nkind: "+tt.kind+"\nmetadata: {name: web, namespace: demo}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: app, image: nginx}]}\n")
			info, _ := r.For(old)
			info.Default(old)
			old.Meta.ResourceVersion = "5"
			if tt.old != nil {
				old.Content["status"] = tt.old
			}
			obj := old.DeepCopy()
			if tt.status != nil {
				obj.Content["status"] = tt.status
			}
			got := ""
			if errs := ValidateStatusUpdate(info, obj, old); len(errs) > 0 {
				got = InvalidMessage(info, obj.Meta.Name, errs)
			}
			if got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}
