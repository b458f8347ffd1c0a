package apiserver

import (
	"strings"
	"testing"
)

func TestOpenAPI(t *testing.T) {
	h := newHarness(t)
	get := h.getJSON
	v3 := get(t, "/openapi/v3")["paths"].(map[string]any)
	tests := []struct {
		name, path string
		// want are "dotted.key=value" checks (value "*" only asks that
		// the key exists); keys may contain "/" but not ".", except in
		// a definition name written in brackets.
		want []string
	}{
		{"v2 header", "/openapi/v2", []string{"swagger=2.0", "info.title=Kubernetes", "info.version=v1.37.0"}},
		{"v2 definitions", "/openapi/v2", []string{"definitions[io.k8s.api.core.v1.Pod].type=object",
			"definitions[io.k8s.api.apps.v1.Deployment].type=object", "definitions[io.k8s.api.batch.v1.CronJob].type=object",
			"definitions[io.k8s.api.rbac.v1.ClusterRole].type=object",
			"definitions[io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition].type=object",
			"definitions[io.k8s.api.core.v1.PodList].properties.items.items.$ref=#/definitions/io.k8s.api.core.v1.Pod"}},
		{"v2 paths", "/openapi/v2", []string{
			"paths[/api/v1/namespaces/{namespace}/pods].get.operationId=listCoreV1NamespacedPod",
			"paths[/api/v1/pods].get.operationId=listCoreV1PodForAllNamespaces",
			"paths[/apis/apps/v1/namespaces/{namespace}/deployments/{name}].get.operationId=readAppsV1NamespacedDeployment",
			"paths[/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale].patch.operationId=patchAppsV1NamespacedDeploymentScale",
			"paths[/apis/rbac.authorization.k8s.io/v1/clusterroles].delete.operationId=deleteRbacAuthorizationV1CollectionClusterRole",
			"paths[/api/v1/namespaces/{namespace}/pods].post.tags.0=core_v1"}},
		{"v3 document", "/openapi/v3/apis/apps/v1", []string{"openapi=3.0.0", "info.title=Kubernetes",
			"components.schemas[io.k8s.api.apps.v1.Deployment].x-kubernetes-group-version-kind.0.kind=Deployment",
			"components.schemas[io.k8s.api.apps.v1.Deployment].properties.metadata.allOf.0.$ref=#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
			"paths[/apis/apps/v1/namespaces/{namespace}/deployments].get.responses.200.content.application/json.schema.$ref=#/components/schemas/io.k8s.api.apps.v1.DeploymentList"}},
		{"v3 core", "/openapi/v3/api/v1", []string{"components.schemas[io.k8s.api.core.v1.Pod].type=object"}},
		{"v3 batch", "/openapi/v3/apis/batch/v1", []string{"components.schemas[io.k8s.api.batch.v1.Job].type=object",
			"paths[/apis/batch/v1/namespaces/{namespace}/cronjobs/{name}/status].put.operationId=replaceBatchV1NamespacedCronJobStatus"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := get(t, tt.path)
			for _, w := range tt.want {
				key, want, _ := strings.Cut(w, "=")
				got, ok := lookupPath(doc, key)
				if !ok || (want != "*" && got != want) {
					t.Errorf("%s: %s = %q (found %v), want %q", tt.path, key, got, ok, want)
				}
			}
		})
	}
	for _, key := range []string{"api/v1", "apis/apps/v1", "apis/batch/v1"} {
		e, ok := v3[key].(map[string]any)
		if !ok {
			t.Errorf("/openapi/v3 lists no %s: %v", key, v3)
			continue
		}
		resp := h.must(h.do("admin", "GET", "/openapi/v3/"+key, nil))
		if want := "/openapi/v3/" + key + "?hash=" + openAPIHash(resp.Raw); e["serverRelativeURL"] != want {
			t.Errorf("%s: %v, want %s", key, e["serverRelativeURL"], want)
		}
	}
	if resp := h.do("admin", "GET", "/openapi/v3/apis/nope.example.com/v1", nil); resp.Code != 404 {
		t.Errorf("unknown group version: %d", resp.Code)
	}
}

// lookupPath reads a dotted path; a segment in brackets is one key.
func lookupPath(v any, path string) (string, bool) {
	for path != "" {
		var seg string
		if strings.HasPrefix(path, "[") {
			end := strings.Index(path, "]")
			seg, path = path[1:end], strings.TrimPrefix(path[end+1:], ".")
		} else {
			i := strings.IndexAny(path, ".[")
			if i < 0 {
				i = len(path)
			}
			seg, path = path[:i], strings.TrimPrefix(path[i:], ".")
		}
		switch c := v.(type) {
		case map[string]any:
			v = c[seg]
		case []any:
			n := int(seg[0] - '0')
			if n >= len(c) {
				return "", false
			}
			v = c[n]
		default:
			return "", false
		}
		if v == nil {
			return "", false
		}
	}
	s, ok := v.(string)
	return s, ok
}
