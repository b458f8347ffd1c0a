package deployment_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller"
)

// A ReplicaSet that takes the new ReplicaSet's name but is not the
// Deployment's is a hash collision: collisionCount goes to 1 and the
// ReplicaSet is created under the next hash.
func TestHashCollision(t *testing.T) {
	f := newFixture(t)
	f.Apply(web(2, "web:v1"))
	tmpl, _, _ := f.deployment().Get(".spec.template")
	taken := "web-" + controller.ComputeHash(tmpl.(map[string]any), nil)
	f.Apply(`
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: ` + taken + `, labels: {app: other}}
spec:
  replicas: 0
  selector: {matchLabels: {app: other}}
  template:
    metadata: {labels: {app: other}}
    spec: {containers: [{name: other, image: "other:v1"}]}
`)
	f.start()
	f.complete(2)
	one := int32(1)
	want := "web-" + controller.ComputeHash(tmpl.(map[string]any), &one)
	if got := f.status("collisionCount"); got != 1 {
		t.Errorf("collisionCount %d, want 1", got)
	}
	var names []string
	for _, rs := range f.replicaSets() {
		names = append(names, rs.Meta.Name)
	}
	if len(names) != 2 || !strings.Contains(strings.Join(names, " "), want) {
		t.Errorf("ReplicaSets %v, want %s besides %s", names, want, taken)
	}
	if got := f.Get(f.rsKind, taken); len(got.Meta.OwnerReferences) != 0 {
		t.Errorf("%s was taken over: %v", taken, got.Meta.OwnerReferences)
	}
}

// An orphan ReplicaSet the Deployment's selector matches is adopted; being
// of another template, it is an old ReplicaSet and is scaled down.
func TestAdoptReplicaSet(t *testing.T) {
	f := newFixture(t)
	f.Apply(`
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: web-manual, labels: {app: web}}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "web:v0"}]}
`)
	f.Apply(web(2, "web:v1"))
	f.start()
	f.complete(2)
	f.RunFor(5 * time.Second)
	manual := f.Get(f.rsKind, "web-manual")
	ref, ok := manual.Meta.ControllerRef()
	if !ok || ref.Kind != "Deployment" || ref.UID != f.deployment().Meta.UID {
		t.Errorf("web-manual owner %v", manual.Meta.OwnerReferences)
	}
	if v, _, _ := manual.Get(".spec.replicas"); v != int64(0) {
		t.Errorf("web-manual at %v replicas, want 0", v)
	}
}
