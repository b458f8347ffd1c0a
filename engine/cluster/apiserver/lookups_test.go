package apiserver

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestBuiltinLookupsAgreeWithGet: the lookups that keep their cache and
// kind (Namespace, ServiceAccount, pod) answer as get does, by name, from
// a loaded cache and from the store while there is none (every replica
// stopped), and from the caches a restart loads again.
func TestBuiltinLookupsAgreeWithGet(t *testing.T) {
	sh := newStandard(t)
	l := &lookups{p: sh.p}
	check := func(when string, cached bool) {
		t.Helper()
		if c := l.loaded(&l.namespaces.set, "", namespaceResources)[0]; (c != nil) != cached {
			t.Errorf("%s: a namespace cache loaded %v, want %v", when, c != nil, cached)
		}
		for _, q := range []struct{ resource, namespace, name string }{
			{"namespaces", "", "demo"}, {"namespaces", "", "later"}, {"namespaces", "", "missing"},
			{"serviceaccounts", "demo", "default"}, {"serviceaccounts", "demo", "missing"},
			{"pods", "demo", "web"}, {"pods", "demo", "missing"},
		} {
			var got = l.pod(q.namespace, q.name)
			switch q.resource {
			case "namespaces":
				got = l.Namespace(q.name)
			case "serviceaccounts":
				got = l.ServiceAccount(q.namespace, q.name)
			}
			want := l.get("", q.resource, q.namespace, q.name)
			if got != want {
				t.Errorf("%s: %s %s/%s is %v, get says %v", when, q.resource, q.namespace, q.name, got, want)
			}
			if exists := q.name != "missing" && (q.name != "later" || when != "loaded"); (got != nil) != exists {
				t.Errorf("%s: %s %s/%s found %v, want %v", when, q.resource, q.namespace, q.name, got != nil, exists)
			}
		}
	}
	sh.must(sh.do("admin", "POST", podsPath, podBody("web", map[string]any{"app": "web"})))
	sh.loop.RunFor(time.Second)
	check("loaded", true)
	sh.must(sh.do("admin", "POST", "/api/v1/namespaces", obj("v1", "Namespace", "", "later", nil)))
	sh.loop.RunFor(time.Second)
	check("after a create", true)
	// The same name asked again after its object changed: the new one.
	before := l.Namespace("later")
	sh.must(sh.req(&api.Request{From: "admin", Token: "admin", Method: "PATCH", Path: "/api/v1/namespaces/later", PatchType: api.MergePatch,
		Patch: map[string]any{"metadata": map[string]any{"labels": map[string]any{"team": "web"}}}}, nil))
	if after := l.Namespace("later"); after == before || after.Meta.Labels["team"] != "web" {
		t.Errorf("after a patch: namespace later is %v, want the patched one", after)
	}
	check("after a patch", true)
	sh.p.StopAll()
	check("every replica stopped", false)
	sh.p.StartAll()
	check("started again", true)
}
