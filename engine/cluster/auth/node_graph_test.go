package auth

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// graphWithClaims is a NodeGraph that also finds claims.
type graphWithClaims struct {
	podsByNode
	claims map[string]*object.Object
}

func (g graphWithClaims) PersistentVolumeClaim(ns, name string) *object.Object {
	return g.claims[ns+"/"+name]
}

func TestRelated(t *testing.T) {
	app := pod("demo", "app", "worker-a", map[string]any{
		"imagePullSecrets": []any{map[string]any{"name": "registry"}},
		"initContainers": []any{map[string]any{"name": "init", "envFrom": []any{
			map[string]any{"configMapRef": map[string]any{"name": "init-env"}},
		}}},
		"containers": []any{map[string]any{"name": "app", "envFrom": []any{
			map[string]any{"secretRef": map[string]any{"name": "app-env"}},
		}}},
		"volumes": []any{
			map[string]any{"name": "proj", "projected": map[string]any{"sources": []any{
				map[string]any{"secret": map[string]any{"name": "proj-secret"}},
				map[string]any{"configMap": map[string]any{"name": "proj-config"}},
				map[string]any{"serviceAccountToken": map[string]any{"path": "token"}},
			}}},
			map[string]any{"name": "csi", "csi": map[string]any{"driver": "d", "nodePublishSecretRef": map[string]any{"name": "csi-secret"}}},
			map[string]any{"name": "scratch", "ephemeral": map[string]any{}},
			map[string]any{"name": "data", "persistentVolumeClaim": map[string]any{"claimName": "data"}},
		},
	})
	static := pod("demo", "static", "worker-a", map[string]any{
		"serviceAccountName": "static-sa",
		"volumes":            []any{map[string]any{"name": "s", "secret": map[string]any{"secretName": "static-secret"}}},
	})
	static.Meta.Annotations = map[string]string{mirrorPodAnnotation: "x"}
	claim := object.New("v1", "PersistentVolumeClaim")
	claim.Meta = object.Meta{Namespace: "demo", Name: "data"}
	claim.Content["spec"] = map[string]any{"volumeName": "pv-1"}
	g := graphWithClaims{podsByNode{app, static}, map[string]*object.Object{"demo/data": claim}}

	tests := []struct {
		name      string
		graph     NodeGraph
		node      string
		t         vertexType
		namespace string
		object    string
		want      bool
	}{
		{"image pull secret", g, "worker-a", secretVertex, "demo", "registry", true},
		{"envFrom ConfigMap of an init container", g, "worker-a", configMapVertex, "demo", "init-env", true},
		{"envFrom Secret", g, "worker-a", secretVertex, "demo", "app-env", true},
		{"projected Secret", g, "worker-a", secretVertex, "demo", "proj-secret", true},
		{"projected ConfigMap", g, "worker-a", configMapVertex, "demo", "proj-config", true},
		{"CSI node publish Secret", g, "worker-a", secretVertex, "demo", "csi-secret", true},
		{"ephemeral volume claim", g, "worker-a", pvcVertex, "demo", "app-scratch", true},
		{"claim", g, "worker-a", pvcVertex, "demo", "data", true},
		{"volume bound to a claim", g, "worker-a", pvVertex, "", "pv-1", true},
		{"other volume", g, "worker-a", pvVertex, "", "pv-2", false},
		{"volume without a claim getter", g.podsByNode, "worker-a", pvVertex, "", "pv-1", false},
		{"a Secret name as a ConfigMap", g, "worker-a", configMapVertex, "demo", "registry", false},
		{"same name, other namespace", g, "worker-a", secretVertex, "prod", "registry", false},
		{"other node", g, "worker-b", secretVertex, "demo", "registry", false},
		{"mirror Pod itself", g, "worker-a", podVertex, "demo", "static", true},
		{"mirror Pod's Secret", g, "worker-a", secretVertex, "demo", "static-secret", false},
		{"mirror Pod's ServiceAccount", g, "worker-a", serviceAccountVertex, "demo", "static-sa", false},
		{"no graph", nil, "worker-a", secretVertex, "demo", "registry", false},
		{"kinds without relationships", g, "worker-a", otherVertex, "demo", "registry", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := related(tt.graph, tt.node, tt.t, tt.namespace, tt.object); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
