package api

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseRequestInfo(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		watch  bool
		want   RequestInfo
	}{
		{"get pod log", "GET", "/api/v1/namespaces/demo/pods/web/log", false,
			RequestInfo{IsResourceRequest: true, Depth: 3, Verb: "get", APIPrefix: "api", APIVersion: "v1", Namespace: "demo", Resource: "pods", Subresource: "log", Name: "web"}},
		{"create deployment", "POST", "/apis/apps/v1/namespaces/demo/deployments", false,
			RequestInfo{IsResourceRequest: true, Depth: 1, Verb: "create", APIPrefix: "apis", APIGroup: "apps", APIVersion: "v1", Namespace: "demo", Resource: "deployments"}},
		{"list across namespaces", "GET", "/apis/apps/v1/deployments", false,
			RequestInfo{IsResourceRequest: true, Depth: 1, Verb: "list", APIPrefix: "apis", APIGroup: "apps", APIVersion: "v1", Resource: "deployments"}},
		{"watch pods", "GET", "/api/v1/namespaces/demo/pods", true,
			RequestInfo{IsResourceRequest: true, Depth: 1, Verb: "watch", APIPrefix: "api", APIVersion: "v1", Namespace: "demo", Resource: "pods"}},
		{"get namespace", "GET", "/api/v1/namespaces/demo", false,
			RequestInfo{IsResourceRequest: true, Depth: 2, Verb: "get", APIPrefix: "api", APIVersion: "v1", Resource: "namespaces", Name: "demo"}},
		{"namespace status", "PUT", "/api/v1/namespaces/demo/status", false,
			RequestInfo{IsResourceRequest: true, Depth: 3, Verb: "update", APIPrefix: "api", APIVersion: "v1", Resource: "namespaces", Name: "demo", Subresource: "status"}},
		{"list namespaces", "GET", "/api/v1/namespaces", false,
			RequestInfo{IsResourceRequest: true, Depth: 1, Verb: "list", APIPrefix: "api", APIVersion: "v1", Resource: "namespaces"}},
		{"delete collection", "DELETE", "/api/v1/namespaces/demo/pods", false,
			RequestInfo{IsResourceRequest: true, Depth: 1, Verb: "deletecollection", APIPrefix: "api", APIVersion: "v1", Namespace: "demo", Resource: "pods"}},
		{"binding", "POST", "/api/v1/namespaces/demo/pods/web/binding", false,
			RequestInfo{IsResourceRequest: true, Depth: 3, Verb: "create", APIPrefix: "api", APIVersion: "v1", Namespace: "demo", Resource: "pods", Subresource: "binding", Name: "web"}},
		{"node", "PATCH", "/api/v1/nodes/worker-a/status", false,
			RequestInfo{IsResourceRequest: true, Depth: 3, Verb: "patch", APIPrefix: "api", APIVersion: "v1", Resource: "nodes", Subresource: "status", Name: "worker-a"}},
		{"version", "GET", "/version", false, RequestInfo{Verb: "get"}},
		{"discovery apis", "GET", "/apis", false, RequestInfo{Verb: "get"}},
		{"discovery group version", "GET", "/apis/apps/v1", false, RequestInfo{Verb: "get", APIPrefix: "apis", APIGroup: "apps", APIVersion: "v1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ParseRequestInfo(&Request{Method: tt.method, Path: tt.path, List: ListOptions{Watch: tt.watch}})
			tt.want.Path = tt.path
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
	req := &Request{Method: "PATCH", Path: "/apis/apps/v1/namespaces/demo/deployments/web/status"}
	if n := testing.AllocsPerRun(100, func() { _ = ParseRequestInfo(req) }); n != 0 {
		t.Errorf("parsing a request's path allocates %v objects, want 0", n)
	}
	deep := ParseRequestInfo(&Request{Method: "GET", Path: "/api/v1/namespaces/demo/pods/web/log/a/b/c/d"})
	if deep.Depth != 7 || deep.Subresource != "log" {
		t.Errorf("a path longer than the segment array: %+v", deep)
	}
}

func TestStatusMessages(t *testing.T) {
	deploy := GroupResource{Group: "apps", Resource: "deployments"}
	tests := []struct {
		name string
		s    *Status
		code int
		msg  string
	}{
		{"not found", NewNotFound(deploy, "web"), 404, `deployments.apps "web" not found`},
		{"core not found", NewNotFound(GroupResource{Resource: "pods"}, "web-1"), 404, `pods "web-1" not found`},
		{"exists", NewAlreadyExists(deploy, "web"), 409, `deployments.apps "web" already exists`},
		{"conflict", NewConflict(deploy, "web", OptimisticLockErrorMsg), 409, `Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again`},
		{"forbidden", NewForbidden(deploy, "", `User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`), 403, `deployments.apps is forbidden: User "bob" cannot create resource "deployments" in API group "apps" in the namespace "demo"`},
		{"unauthorized", NewUnauthorized(), 401, "Unauthorized"},
		{"too many", NewTooManyRequests(1), 429, "Too many requests, please try again later."},
		{"expired", NewResourceExpired("too old resource version: 5 (12)"), 410, "too old resource version: 5 (12)"},
		{"internal", NewInternalError(`failed calling webhook "deny.example.com": timeout`), 500, `Internal error occurred: failed calling webhook "deny.example.com": timeout`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.s.Code != tt.code || tt.s.Message != tt.msg {
				t.Errorf("got %d %q, want %d %q", tt.s.Code, tt.s.Message, tt.code, tt.msg)
			}
		})
	}
	if got := NewNotFound(deploy, "web").Kubectl(); got != `Error from server (NotFound): deployments.apps "web" not found` {
		t.Errorf("kubectl form: %q", got)
	}
}

// TestSplitPath checks splitPath against strings.Split of the trimmed
// path, which it replaces.
func TestSplitPath(t *testing.T) {
	for _, p := range []string{"", "/", "//", "api", "/api/v1/namespaces/demo/configmaps/web",
		"/apis/apps/v1/", "a//b", "/a/b//", "///x///"} {
		var want []string
		if trimmed := strings.Trim(p, "/"); trimmed != "" {
			want = strings.Split(trimmed, "/")
		}
		got := splitPath([]string{"kept"}, p)
		if !slices.Equal(got, append([]string{"kept"}, want...)) {
			t.Errorf("splitPath(%q) = %q, want %q after the kept element", p, got[1:], want)
		}
	}
}
