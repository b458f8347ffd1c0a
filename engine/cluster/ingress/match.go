package ingress

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/httpmatch"
	"github.com/loopbook/loopbook/engine/cluster/network"
)

// Path types of HTTPIngressPath (k8s.io/api/networking/v1 types.go).
const (
	PathExact                  = "Exact"
	PathPrefix                 = "Prefix"
	PathImplementationSpecific = "ImplementationSpecific"
)

// Path is one programmed HTTPIngressPath of a host.
type Path struct {
	// Ingress is the Ingress that declared it, "namespace/name".
	Ingress        string
	PathType, Path string
	Backend        Backend
}

// Backend is a resolved IngressServiceBackend: the Service, its port, and
// the ready endpoints of that port, in address order (none when the
// Service or the port does not exist, or nothing is ready).
type Backend struct {
	Service   string
	Port      int32
	Endpoints []network.BackendAddr
}

// Matches applies the path type to a request path (networking/v1
// HTTPIngressPath.pathType): Exact is case-sensitive equality; Prefix
// matches element by element, so "/foo/bar" matches "/foo/bar/baz" but
// not "/foo/barbaz" and a trailing "/" is ignored; ImplementationSpecific
// is, in ingress-nginx without use-regex, an nginx location prefix — by
// characters, an empty path standing for "/".
func (p Path) Matches(path string) bool {
	switch p.PathType {
	case PathExact:
		return httpmatch.Exact(p.Path, path)
	case PathPrefix:
		return httpmatch.Prefix(p.Path, path)
	}
	if path == "" {
		path = "/"
	}
	want := p.Path
	if want == "" {
		want = "/"
	}
	return strings.HasPrefix(path, want)
}

// length is the path's length for precedence: a Prefix path's trailing
// "/" does not count, as it does not change what it matches.
func (p Path) length() int {
	if p.PathType == PathPrefix && p.Path != "/" {
		return len(strings.TrimSuffix(p.Path, "/"))
	}
	return len(p.Path)
}

// rank orders path types of equal length: Exact, Prefix, then
// ImplementationSpecific.
func (p Path) rank() int {
	switch p.PathType {
	case PathExact:
		return 0
	case PathPrefix:
		return 1
	}
	return 2
}

// Match picks the path for a request among a host's paths: "precedence
// will be given first to the longest matching path. If two paths are
// still equally matched, precedence will be given to paths with an exact
// path type over prefix path types" (kubernetes.io/docs/concepts/
// services-networking/ingress/#multiple-matches). Remaining ties go to
// the path programmed first.
func Match(paths []Path, path string) (Path, bool) {
	best, found := Path{}, false
	for _, p := range paths {
		if !p.Matches(path) {
			continue
		}
		if !found || p.length() > best.length() || (p.length() == best.length() && p.rank() < best.rank()) {
			best, found = p, true
		}
	}
	return best, found
}

// HostMatches applies IngressRule.host (networking/v1 types.go): an
// exact host matches the request's Host header case-insensitively; a
// wildcard "*.foo.com" matches exactly one more label ("bar.foo.com", not
// "baz.bar.foo.com" nor "foo.com").
func HostMatches(rule, host string) bool {
	host = normalizeHost(host)
	rule = strings.ToLower(rule)
	if suffix, ok := strings.CutPrefix(rule, "*"); ok {
		label, rest, cut := strings.Cut(host, ".")
		return cut && label != "" && "."+rest == suffix
	}
	return rule == host
}

// normalizeHost lowercases a Host header and drops its port.
func normalizeHost(h string) string {
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[i:], "]") {
		h = h[:i]
	}
	return strings.ToLower(h)
}
