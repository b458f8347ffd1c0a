package client

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestCollectionPath: the cached path of a collection is Path's, and once
// built it is handed out without allocating.
func TestCollectionPath(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	for _, gvr := range [][3]string{{"", "v1", "pods"}, {"", "v1", "nodes"}, {"apps", "v1", "deployments"}, {"rbac.authorization.k8s.io", "v1", "clusterroles"}} {
		k, ok := reg.ByGVR(gvr[0], gvr[1], gvr[2])
		if !ok {
			t.Fatalf("no kind %v", gvr)
		}
		for _, ns := range []string{"", "demo", "kube-system"} {
			if got, want := collectionPath(k, ns), Path(k, ns, ""); got != want {
				t.Errorf("collectionPath(%s, %q) = %q, want %q", k.Resource, ns, got, want)
			}
			if n := testing.AllocsPerRun(10, func() { collectionPath(k, ns) }); n != 0 {
				t.Errorf("collectionPath(%s, %q) allocates %v times", k.Resource, ns, n)
			}
		}
	}
}
