package apiserver

import (
	"reflect"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestSharedBootstrapIsLeftAsItWas: planes store the bootstrap policy
// sharing its content, so booting one, and using its RBAC objects through
// the API, must write nothing into the process-wide objects; and the
// stored objects are what the policy says.
func TestSharedBootstrapIsLeftAsItWas(t *testing.T) {
	policy := bootstrapPolicy()
	before := make([]*object.Object, len(policy))
	for i, o := range policy {
		before[i] = o.DeepCopy()
	}
	sh := newStandard(t)
	sh.must(sh.do("admin", "GET", "/apis/rbac.authorization.k8s.io/v1/clusterroles/edit", nil))
	sh.must(sh.do("alice", "GET", "/api/v1/namespaces/demo/pods", nil))
	// Writes to a stored policy object: labels and annotations merged,
	// finalizers added, then a delete that the finalizers hold.
	edit := "/apis/rbac.authorization.k8s.io/v1/clusterroles/edit"
	sh.must(sh.req(&api.Request{From: "admin", Method: "PATCH", Path: edit, PatchType: api.MergePatch,
		Patch: map[string]any{"metadata": map[string]any{
			"labels":      map[string]any{"kubernetes.io/bootstrapping": "changed", "new": "label"},
			"annotations": map[string]any{"rbac.authorization.kubernetes.io/autoupdate": "false"},
			"finalizers":  []any{"example.com/keep"},
		}}}, nil))
	sh.must(sh.req(&api.Request{From: "admin", Method: "PATCH", Path: edit, PatchType: api.StrategicMergePatch,
		Patch: map[string]any{"metadata": map[string]any{"finalizers": []any{"example.com/other"}}}}, nil))
	sh.must(sh.do("admin", "DELETE", edit, nil)) // kept by its finalizers, now with a deletionTimestamp
	if m := sh.must(sh.do("admin", "GET", edit, nil)).Object.Meta; m.Labels["new"] != "label" || m.DeletionTimestamp == nil || len(m.Finalizers) != 2 {
		t.Fatalf("the writes did not take: %+v", m)
	}
	for i, o := range policy {
		if !reflect.DeepEqual(o, before[i]) {
			t.Fatalf("booting a plane changed the shared %s %s:\n%v\nwas\n%v", o.Kind, o.Meta.Name, o, before[i])
		}
	}
	stored := sh.p.Store()
	checked := 0
	for _, o := range policy {
		k, ok := sh.p.cfg.Registry.For(o)
		if !ok {
			t.Fatalf("no kind for %s", o.Kind)
		}
		kv, ok, err := stored.Get(objectKey(k, o.Meta.Namespace, o.Meta.Name))
		if err != nil || !ok {
			t.Fatalf("%s %s not stored: %v", o.Kind, o.Meta.Name, err)
		}
		got := kv.Value
		if !reflect.DeepEqual(got.Content, o.Content) || got.Meta.Name != o.Meta.Name || got.Meta.UID == "" {
			t.Fatalf("stored %s %s differs from the policy: %v", o.Kind, o.Meta.Name, got)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d policy objects", checked)
	}
}

// TestSharedBootstrapIsValidatedOnce: a shared bootstrap object is
// validated by the first plane that stores it, so an invalid one stops
// that plane's boot with Kubernetes' message, and a valid one is stored
// by later planes without a second validation.
func TestSharedBootstrapIsValidatedOnce(t *testing.T) {
	configMap := func(name string) *object.Object {
		o := object.New("v1", "ConfigMap")
		o.Meta.Name, o.Meta.Namespace = name, "default"
		return o
	}
	badObj := configMap("Bad_Name")
	_, _, err := NewStandard(Config{Loop: sim.NewLoop(), Rand: sim.NewRand(1), SharedBootstrap: []*object.Object{badObj}}, Standard{})
	if err == nil || !strings.Contains(err.Error(), `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name"`) {
		t.Fatalf("an invalid shared object booted: %v", err)
	}
	if _, ok := sharedValid.Load(badObj); ok {
		t.Error("an invalid shared object is remembered as valid")
	}
	good := configMap("shared")
	for i := range 2 {
		p, _, err := NewStandard(Config{Loop: sim.NewLoop(), Rand: sim.NewRand(int64(i)), SharedBootstrap: []*object.Object{good}}, Standard{})
		if err != nil {
			t.Fatalf("plane %d: %v", i, err)
		}
		if _, ok := sharedValid.Load(good); !ok {
			t.Fatalf("plane %d stored a valid shared object without remembering it", i)
		}
		if kv, ok, err := p.Store().Get("/registry/configmaps/default/shared"); err != nil || !ok || kv.Value.Meta.UID == "" {
			t.Fatalf("plane %d did not store the shared object: %v %v", i, ok, err)
		}
	}
}
