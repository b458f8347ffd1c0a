package client_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestPath(t *testing.T) {
	reg := object.NewBuiltinRegistry()
	kind := func(g, v, r string) *object.KindInfo {
		k, ok := reg.ByGVR(g, v, r)
		if !ok {
			t.Fatalf("no kind %s/%s %s", g, v, r)
		}
		return k
	}
	pods := kind("", "v1", "pods")
	nodes := kind("", "v1", "nodes")
	namespaces := kind("", "v1", "namespaces")
	deployments := kind("apps", "v1", "deployments")
	clusterRoles := kind("rbac.authorization.k8s.io", "v1", "clusterroles")
	tests := []struct {
		name    string
		kind    *object.KindInfo
		ns, obj string
		sub     []string
		want    string
	}{
		{"core namespaced object", pods, "demo", "web", nil, "/api/v1/namespaces/demo/pods/web"},
		{"core namespaced collection", pods, "demo", "", nil, "/api/v1/namespaces/demo/pods"},
		{"core across namespaces", pods, "", "", nil, "/api/v1/pods"},
		{"core subresource binding", pods, "demo", "web", []string{"binding"}, "/api/v1/namespaces/demo/pods/web/binding"},
		{"core connect log", pods, "demo", "web", []string{"log"}, "/api/v1/namespaces/demo/pods/web/log"},
		{"core cluster-scoped", nodes, "", "worker-a", nil, "/api/v1/nodes/worker-a"},
		{"cluster-scoped ignores namespace", nodes, "demo", "worker-a", []string{"status"}, "/api/v1/nodes/worker-a/status"},
		{"namespace object", namespaces, "", "demo", nil, "/api/v1/namespaces/demo"},
		{"named group namespaced", deployments, "demo", "web", nil, "/apis/apps/v1/namespaces/demo/deployments/web"},
		{"named group scale", deployments, "demo", "web", []string{"scale"}, "/apis/apps/v1/namespaces/demo/deployments/web/scale"},
		{"named group collection", deployments, "", "", nil, "/apis/apps/v1/deployments"},
		{"named group cluster-scoped", clusterRoles, "", "admin", nil, "/apis/rbac.authorization.k8s.io/v1/clusterroles/admin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := client.Path(tt.kind, tt.ns, tt.obj, tt.sub...); got != tt.want {
				t.Errorf("Path = %q, want %q", got, tt.want)
			}
			if n := testing.AllocsPerRun(10, func() { client.Path(tt.kind, tt.ns, tt.obj, tt.sub...) }); n > 1 {
				t.Errorf("Path allocates %v times, want once", n)
			}
		})
	}
}
