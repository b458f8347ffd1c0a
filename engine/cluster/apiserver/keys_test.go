package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestMemoisedKeysAreObjectKeys: a namespace's memoised prefix followed
// by a name is the object's key, for every way keys are laid out, and the
// memo answers the same the second time, and after another namespace.
func TestMemoisedKeysAreObjectKeys(t *testing.T) {
	kinds := []*object.KindInfo{
		{Resource: "pods", Namespaced: true},
		{Resource: "nodes"},
		{Resource: "services", Namespaced: true},
		{Group: "gateway.networking.k8s.io", Resource: "gateways", Namespaced: true},
		{Group: "example.com", Resource: "databaseclusters", Namespaced: true, CRD: &object.CRDInfo{}},
	}
	var m keyPrefixes
	for _, k := range kinds {
		for _, ns := range []string{"", "demo", "other", "demo"} {
			if got, want := m.objectKey(k, ns, "web"), objectKey(k, ns, "web"); got != want {
				t.Errorf("%s in %q: memoised key %q, key %q", k.Resource, ns, got, want)
			}
			if k.Namespaced && ns == "" {
				continue // objectKey's "/registry/pods//name", looked up by string
			}
			for range 2 {
				if got, want := m.namespace(k, ns)+"web", objectKey(k, ns, "web"); got != want {
					t.Errorf("%s in %q: prefix+name = %q, key %q", k.Resource, ns, got, want)
				}
			}
		}
		if got, want := m.namespace(k, ""), keyPrefix(k); got != want {
			t.Errorf("%s: all namespaces' prefix %q, want %q", k.Resource, got, want)
		}
	}
}
