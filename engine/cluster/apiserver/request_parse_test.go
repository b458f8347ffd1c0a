package apiserver

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestParseRemembersWrites: a replica's parse gives what
// api.ParseRequestInfo gives for each request of a run in which paths and
// methods repeat, GETs and collection DELETEs with other list options
// among them, each asked for twice.
func TestParseRemembersWrites(t *testing.T) {
	run := []*api.Request{
		{Method: "POST", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "POST", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "PUT", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "PUT", Path: "/api/v1/namespaces/demo/configmaps/a"},
		{Method: "DELETE", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "DELETE", Path: "/api/v1/namespaces/demo/configmaps/a"},
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps", List: api.ListOptions{Watch: true}},
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps", List: api.ListOptions{FieldSelector: "metadata.name=a"}},
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps", List: api.ListOptions{LabelSelector: "app=web"}},
		{Method: "POST", Path: "/api/v1/namespaces/demo/configmaps"},
		{Method: "PATCH", Path: "/apis/apps/v1/namespaces/demo/deployments/web"},
		{Method: "PATCH", Path: "/apis/apps/v1/namespaces/demo/deployments/web/scale"},
		{Method: "POST", Path: "/version"},
		{Method: "post", Path: "/version"},
		// A collection DELETE keeps its selectors: the same method and
		// path parse to another RequestInfo.
		{Method: "DELETE", Path: "/api/v1/namespaces/demo/pods", List: api.ListOptions{LabelSelector: "app=web"}},
		{Method: "DELETE", Path: "/api/v1/namespaces/demo/pods", List: api.ListOptions{LabelSelector: "app=db"}},
		{Method: "DELETE", Path: "/api/v1/namespaces/demo/pods", List: api.ListOptions{FieldSelector: "metadata.name=a"}},
		// A get of one object reads no list options; a list of one by
		// its name does.
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps/a", List: api.ListOptions{LabelSelector: "app=web"}},
		{Method: "GET", Path: "/api/v1/namespaces/demo/configmaps/a"},
		{Method: "GET", Path: "/api/v1/nodes", List: api.ListOptions{FieldSelector: "metadata.name=n1"}},
		{Method: "GET", Path: "/api/v1/nodes", List: api.ListOptions{FieldSelector: "metadata.name=n2"}},
		{Method: "GET", Path: "/api/v1/nodes"},
		{Method: "GET", Path: "/api/v1/namespaces/demo"},
		{Method: "GET", Path: "/apis/apps/v1"},
	}
	var m parseMemo
	for round := 0; round < 2; round++ {
		for i, req := range run {
			if got, want := m.parse(req), api.ParseRequestInfo(req); got != want {
				t.Errorf("round %d, request %d (%s %s): parse = %+v, want %+v", round, i, req.Method, req.Path, got, want)
			}
		}
	}
	for k, info := range m {
		if readsListOptions(info) {
			t.Errorf("%s %s: remembered a RequestInfo of verb %q", k.method, k.path, info.Verb)
		}
	}
}

// TestParseMemoBounded: the memo never holds more than parseMemoLimit
// paths, and still parses right once it has started again.
func TestParseMemoBounded(t *testing.T) {
	var m parseMemo
	for i := 0; i < 3*parseMemoLimit; i++ {
		req := &api.Request{Method: "PUT", Path: fmt.Sprintf("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n%d", i%(parseMemoLimit+7))}
		if got, want := m.parse(req), api.ParseRequestInfo(req); got != want {
			t.Fatalf("request %d: parse = %+v, want %+v", i, got, want)
		}
		if len(m) > parseMemoLimit {
			t.Fatalf("request %d: memo holds %d paths, more than %d", i, len(m), parseMemoLimit)
		}
	}
}
