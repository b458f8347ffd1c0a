package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestParseRemembersWrites: a replica's parse gives what
// api.ParseRequestInfo gives for each request of a run in which paths and
// methods repeat, GETs and collection DELETEs with other list options
// among them.
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
	}
	s := &Server{}
	for i, req := range run {
		if got, want := s.parse(req), api.ParseRequestInfo(req); got != want {
			t.Errorf("request %d (%s %s): parse = %+v, want %+v", i, req.Method, req.Path, got, want)
		}
	}
}
