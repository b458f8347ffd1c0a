// Package httpmatch holds the HTTP path matching that the Gateway API and
// Ingress proxies share: an exact match, and a prefix match by path
// element, as both APIs define it (Gateway API HTTPPathMatch PathPrefix,
// sigs.k8s.io/gateway-api apis/v1 httproute_types.go; Ingress PathType
// Prefix, k8s.io/api/networking/v1 types.go).
package httpmatch

import "strings"

// Exact reports whether path is want, case-sensitively. An empty request
// path is "/".
func Exact(want, path string) bool {
	if path == "" {
		path = "/"
	}
	return path == want
}

// Prefix reports whether want is an element-wise prefix of path: split
// by "/", every element of want equals the request's element at the same
// position. A trailing "/" on either side is ignored, so "/foo" and
// "/foo/" both match "/foo", "/foo/" and "/foo/bar", but not "/foobar";
// "/" matches every path.
func Prefix(want, path string) bool {
	if path == "" {
		path = "/"
	}
	want = strings.TrimSuffix(want, "/")
	return want == "" || path == want || strings.HasPrefix(path, want+"/")
}
