package ingress

import (
	"strings"
	"testing"
)

// The examples table of kubernetes.io/docs/concepts/services-networking/
// ingress/#examples, one case per row and request path, plus the
// ImplementationSpecific reading ingress-nginx gives (an nginx location
// prefix, by characters).
func TestMatch(t *testing.T) {
	p := func(typ, path string) Path {
		return Path{PathType: typ, Path: path, Backend: Backend{Service: typ + " " + path}}
	}
	cases := []struct {
		name  string
		paths []Path
		req   string
		want  string // the matching Path's type and path; "" for none
	}{
		{"prefix / matches all", []Path{p("Prefix", "/")}, "/anything/here", "Prefix /"},
		{"exact equal", []Path{p("Exact", "/foo")}, "/foo", "Exact /foo"},
		{"exact other", []Path{p("Exact", "/foo")}, "/bar", ""},
		{"exact trailing slash on request", []Path{p("Exact", "/foo")}, "/foo/", ""},
		{"exact trailing slash on path", []Path{p("Exact", "/foo/")}, "/foo", ""},
		{"prefix /foo, /foo", []Path{p("Prefix", "/foo")}, "/foo", "Prefix /foo"},
		{"prefix /foo, /foo/", []Path{p("Prefix", "/foo")}, "/foo/", "Prefix /foo"},
		{"prefix /foo/, /foo", []Path{p("Prefix", "/foo/")}, "/foo", "Prefix /foo/"},
		{"prefix /foo/, /foo/", []Path{p("Prefix", "/foo/")}, "/foo/", "Prefix /foo/"},
		{"prefix last element is a substring", []Path{p("Prefix", "/aaa/bb")}, "/aaa/bbb", ""},
		{"prefix equal", []Path{p("Prefix", "/aaa/bbb")}, "/aaa/bbb", "Prefix /aaa/bbb"},
		{"prefix ignores trailing slash", []Path{p("Prefix", "/aaa/bbb/")}, "/aaa/bbb", "Prefix /aaa/bbb/"},
		{"prefix matches trailing slash", []Path{p("Prefix", "/aaa/bbb")}, "/aaa/bbb/", "Prefix /aaa/bbb"},
		{"prefix matches subpath", []Path{p("Prefix", "/aaa/bbb")}, "/aaa/bbb/ccc", "Prefix /aaa/bbb"},
		{"prefix is not a string prefix", []Path{p("Prefix", "/aaa/bbb")}, "/aaa/bbbxyz", ""},
		{"longest prefix /aaa", []Path{p("Prefix", "/"), p("Prefix", "/aaa")}, "/aaa/ccc", "Prefix /aaa"},
		{"longest prefix /aaa/bbb", []Path{p("Prefix", "/"), p("Prefix", "/aaa"), p("Prefix", "/aaa/bbb")}, "/aaa/bbb", "Prefix /aaa/bbb"},
		{"falls to /", []Path{p("Prefix", "/"), p("Prefix", "/aaa"), p("Prefix", "/aaa/bbb")}, "/ccc", "Prefix /"},
		{"no match uses default backend", []Path{p("Prefix", "/aaa")}, "/ccc", ""},
		{"mixed prefers exact", []Path{p("Prefix", "/foo"), p("Exact", "/foo")}, "/foo", "Exact /foo"},
		{"mixed prefix for subpath", []Path{p("Prefix", "/foo"), p("Exact", "/foo")}, "/foo/x", "Prefix /foo"},
		{"longer prefix beats shorter exact", []Path{p("Exact", "/a"), p("Prefix", "/a/b")}, "/a/b", "Prefix /a/b"},
		{"implementation specific is by characters", []Path{p("ImplementationSpecific", "/api")}, "/apix", "ImplementationSpecific /api"},
		{"implementation specific empty path", []Path{p("ImplementationSpecific", "")}, "/x", "ImplementationSpecific "},
		{"exact before implementation specific", []Path{p("ImplementationSpecific", "/a"), p("Exact", "/a")}, "/a", "Exact /a"},
		{"empty request path is /", []Path{p("Exact", "/")}, "", "Exact /"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Match(tc.paths, tc.req)
			g := ""
			if ok {
				g = got.PathType + " " + got.Path
			}
			if g != tc.want {
				t.Errorf("Match(%q) = %q, want %q", tc.req, g, tc.want)
			}
		})
	}
}

// Host matching of IngressRule.host and the server choice: exact, then
// wildcard (one label), then the catch-all.
func TestHosts(t *testing.T) {
	cases := []struct {
		rule, host string
		want       bool
	}{
		{"foo.bar.com", "foo.bar.com", true},
		{"foo.bar.com", "FOO.bar.com:8080", true},
		{"foo.bar.com", "bar.com", false},
		{"*.foo.com", "bar.foo.com", true},
		{"*.foo.com", "baz.bar.foo.com", false},
		{"*.foo.com", "foo.com", false},
	}
	for _, tc := range cases {
		if got := HostMatches(tc.rule, tc.host); got != tc.want {
			t.Errorf("HostMatches(%q, %q) = %v, want %v", tc.rule, tc.host, got, tc.want)
		}
	}
	servers := []Server{{Host: "*.example.com"}, {Host: "shop.example.com"}, {Host: ""}}
	for host, want := range map[string]string{"shop.example.com": "shop.example.com", "blog.example.com": "*.example.com",
		"a.b.example.com": "", "other.org": ""} {
		if got := selectServer(servers, host); got == nil || got.Host != want {
			t.Errorf("selectServer(%q) = %v, want host %q", host, got, want)
		}
	}
	if !strings.HasPrefix(Server{Host: ""}.String(), "_: default backend") {
		t.Errorf("catch-all server reads %q", Server{}.String())
	}
}
