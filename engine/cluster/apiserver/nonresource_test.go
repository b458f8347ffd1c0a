package apiserver

import (
	"strings"
	"testing"
)

// TestNonResourcePaths: each non-resource path is answered by its
// handler, twice in a row (the fixed paths share one operation), and a
// path the server does not serve is 404.
func TestNonResourcePaths(t *testing.T) {
	h := newHarness(t)
	for _, tc := range []struct {
		path string
		code int
		has  string // in the body
	}{
		{"/version", 200, `"gitVersion"`},
		{"/healthz", 200, "ok"},
		{"/livez?verbose", 200, "[+]etcd ok"},
		{"/readyz", 200, "ok"},
		{"/healthz/etcd", 200, "ok"},
		{"/healthz/nothing", 404, ""},
		{"/openapi/v2", 200, `"swagger"`},
		{"/openapi/v3", 200, `"paths"`},
		{"/openapi/v3/api/v1", 200, `"openapi"`},
		{"/api", 200, `"versions"`},
		{"/apis", 200, `"groups"`},
		{"/api/v1", 200, `"resources"`},
		{"/apis/apps", 200, `"preferredVersion"`},
		{"/apis/apps/v1", 200, `"resources"`},
		{"/version/", 404, ""},
		{"/nothing", 404, ""},
	} {
		for round := range 2 {
			resp := h.do("admin", "GET", tc.path, nil)
			if resp.Code != tc.code || !strings.Contains(string(resp.Raw), tc.has) {
				t.Errorf("round %d: GET %s = %d %.80q, want %d with %q", round, tc.path, resp.Code, resp.Raw, tc.code, tc.has)
			}
		}
	}
	if a, b := nonResourceOperation("/version", ""), nonResourceOperation("/version", ""); a != b || a == nil {
		t.Error("/version does not have one shared operation")
	}
}
