package apiserver

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiscovery(t *testing.T) {
	h := newHarness(t)
	get := func(path string) map[string]any { t.Helper(); return h.getJSON(t, path) }
	if v := get("/api"); v["kind"] != "APIVersions" || len(v["versions"].([]any)) != 1 {
		t.Errorf("/api %v", v)
	}
	groups := get("/apis")["groups"].([]any)
	if first := groups[0].(map[string]any)["name"]; first != "apiregistration.k8s.io" {
		t.Errorf("first group %v, want kube-apiserver's order", first)
	}
	apps := groups[slicesIndex(groups, "apps")].(map[string]any)
	if apps["preferredVersion"].(map[string]any)["groupVersion"] != "apps/v1" {
		t.Errorf("apps %v", apps)
	}
	core := get("/api/v1")
	if core["groupVersion"] != "v1" || core["apiVersion"] != nil {
		t.Errorf("/api/v1 header %v %v", core["groupVersion"], core["apiVersion"])
	}
	byName := map[string]map[string]any{}
	for _, r := range core["resources"].([]any) {
		m := r.(map[string]any)
		byName[m["name"].(string)] = m
	}
	pods := byName["pods"]
	if pods["kind"] != "Pod" || pods["singularName"] != "pod" || pods["namespaced"] != true ||
		strings.Join(toStrings(pods["shortNames"]), ",") != "po" || strings.Join(toStrings(pods["categories"]), ",") != "all" {
		t.Errorf("pods %v", pods)
	}
	for name, want := range map[string]string{
		"pods/log": "Pod get", "pods/exec": "PodExecOptions create,get", "pods/binding": "Binding create",
		"pods/eviction": "Eviction create", "pods/status": "Pod get,patch,update",
	} {
		r := byName[name]
		if r == nil {
			t.Errorf("no %s", name)
			continue
		}
		if got := r["kind"].(string) + " " + strings.Join(toStrings(r["verbs"]), ","); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	appsList := get("/apis/apps/v1")
	for _, r := range appsList["resources"].([]any) {
		m := r.(map[string]any)
		if m["name"] == "deployments/scale" && (m["group"] != "autoscaling" || m["version"] != "v1" || m["kind"] != "Scale") {
			t.Errorf("deployments/scale %v", m)
		}
	}
	if resp := h.do("admin", "GET", "/apis/nope.example.com/v1", nil); resp.Code != 404 {
		t.Errorf("unknown group version: %d", resp.Code)
	}
}

func slicesIndex(groups []any, name string) int {
	for i, g := range groups {
		if g.(map[string]any)["name"] == name {
			return i
		}
	}
	return -1
}

func toStrings(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

// TestCRDBecomesServed creates a CustomResourceDefinition: its kind is
// discoverable and servable at once, the CRD is Established right after,
// and deleting the CRD stops serving the kind.
func TestCRDBecomesServed(t *testing.T) {
	h := newHarness(t)
	crd := obj("apiextensions.k8s.io/v1", "CustomResourceDefinition", "", "databaseclusters.example.com", map[string]any{"spec": map[string]any{
		"group": "example.com", "scope": "Namespaced",
		"names": map[string]any{"plural": "databaseclusters", "kind": "DatabaseCluster", "shortNames": []any{"dbc"}},
		"versions": []any{map[string]any{"name": "v1", "served": true, "storage": true,
			"subresources": map[string]any{"status": map[string]any{}},
			"schema": map[string]any{"openAPIV3Schema": map[string]any{"type": "object", "properties": map[string]any{
				"spec":   map[string]any{"type": "object", "properties": map[string]any{"replicas": map[string]any{"type": "integer", "minimum": int64(1)}}},
				"status": map[string]any{"type": "object", "x-kubernetes-preserve-unknown-fields": true},
			}}}}},
	}})
	h.must(h.do("admin", "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd))
	path := "/apis/example.com/v1/namespaces/demo/databaseclusters"
	db := obj("example.com/v1", "DatabaseCluster", "", "main", map[string]any{"spec": map[string]any{"replicas": int64(3)}})
	o := h.must(h.do("alice", "POST", path, db)).Object
	if o.Meta.Generation != 1 || o.Meta.UID == "" {
		t.Errorf("custom resource %+v", o.Meta)
	}
	bad := obj("example.com/v1", "DatabaseCluster", "", "bad", map[string]any{"spec": map[string]any{"replicas": int64(0)}})
	if resp := h.do("alice", "POST", path, bad); resp.Code != 422 {
		t.Errorf("schema validation: %d %+v", resp.Code, resp.Status)
	}
	h.loop.RunFor(0)
	stored := h.must(h.do("admin", "GET", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databaseclusters.example.com", nil)).Object
	if conds, _ := stored.Status()["conditions"].([]any); len(conds) != 2 {
		t.Errorf("CRD status %v", stored.Status())
	}
	list := h.must(h.do("admin", "GET", "/apis/example.com/v1", nil))
	if !strings.Contains(string(list.Raw), `"name":"databaseclusters"`) || !strings.Contains(string(list.Raw), `"name":"databaseclusters/status"`) {
		t.Errorf("discovery %s", list.Raw)
	}
	h.must(h.do("admin", "DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/databaseclusters.example.com", nil))
	if resp := h.do("alice", "GET", path, nil); resp.Code != 404 {
		t.Errorf("served after the CRD was deleted: %d", resp.Code)
	}
}

func TestHealth(t *testing.T) {
	h := newHarness(t)
	for _, path := range []string{"/healthz", "/livez", "/readyz", "/readyz/etcd"} {
		if resp := h.must(h.do("admin", "GET", path, nil)); string(resp.Raw) != "ok" {
			t.Errorf("%s: %q", path, resp.Raw)
		}
	}
	resp := h.must(h.do("admin", "GET", "/livez?verbose", nil))
	if !strings.HasPrefix(string(resp.Raw), "[+]ping ok\n[+]log ok\n[+]loopback-serving-certificate ok\n[+]etcd ok\n") || !strings.HasSuffix(string(resp.Raw), "livez check passed\n") {
		t.Errorf("livez?verbose:\n%s", resp.Raw)
	}
	h.p.SetStoreAvailable(false)
	resp = h.do("admin", "GET", "/readyz/etcd", nil)
	if resp.Code != 500 {
		t.Errorf("readyz/etcd with etcd down: %d %q", resp.Code, resp.Raw)
	}
	resp = h.do("admin", "GET", "/livez", nil)
	if resp.Code != 500 || !strings.Contains(string(resp.Raw), "[-]etcd failed: reason withheld\n") {
		t.Errorf("livez with etcd down: %d %q", resp.Code, resp.Raw)
	}
}

func TestVersion(t *testing.T) {
	h := newHarness(t)
	var v map[string]string
	if err := json.Unmarshal(h.must(h.do("admin", "GET", "/version", nil)).Raw, &v); err != nil {
		t.Fatal(err)
	}
	if v["gitVersion"] != Version || v["major"] != "1" || v["minor"] != "37" || v["platform"] != "linux/amd64" {
		t.Errorf("/version %v", v)
	}
}
