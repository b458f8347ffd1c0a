package ingress

import (
	"fmt"
	"strings"
)

// Server is the proxy's configuration for one host, as ingress-nginx
// writes one nginx server block per host: the paths of every Ingress
// naming the host, in the order programmed, and the backend for requests
// no path matches. Host "" is the catch-all server ("_"), which takes
// the rules without host and requests for hosts no server names.
type Server struct {
	Host  string
	Paths []Path
	// Default is the spec.defaultBackend of the Ingress that declared the
	// host (for the catch-all server, of the newest Ingress with one);
	// nil sends unmatched requests to the controller's default backend.
	Default *Backend
}

// selectServer picks the server for a Host header: an exact host first,
// then a wildcard host (the longest), then the catch-all server, as
// nginx chooses a server_name.
func selectServer(servers []Server, host string) *Server {
	h := normalizeHost(host)
	var wild, all *Server
	for i := range servers {
		s := &servers[i]
		switch {
		case s.Host == "":
			all = s
		case !strings.HasPrefix(s.Host, "*") && HostMatches(s.Host, h):
			return s
		case strings.HasPrefix(s.Host, "*") && HostMatches(s.Host, h) && (wild == nil || len(s.Host) > len(wild.Host)):
			wild = s
		}
	}
	if wild != nil {
		return wild
	}
	return all
}

// String is "host: TYPE path -> svc:port (n); …; default -> …".
func (s Server) String() string {
	host := s.Host
	if host == "" {
		host = "_"
	}
	var parts []string
	for _, p := range s.Paths {
		parts = append(parts, fmt.Sprintf("%s %s -> %s", p.PathType, orRoot(p.Path), p.Backend))
	}
	if s.Default != nil {
		parts = append(parts, "default -> "+s.Default.String())
	}
	if len(parts) == 0 {
		parts = []string{"default backend"}
	}
	return host + ": " + strings.Join(parts, ", ")
}

// String is "namespace/name:port (N endpoints)".
func (b Backend) String() string {
	return fmt.Sprintf("%s:%d (%d endpoints)", b.Service, b.Port, len(b.Endpoints))
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}
