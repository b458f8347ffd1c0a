package apiserver

import (
	"net/http"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// nonResourceOperation finds the handler of a non-resource path: the
// discovery documents, the OpenAPI documents, /version, and the health
// endpoints. Their answers
// are the JSON (discovery, version) or text (health) kube-apiserver sends,
// in Response.Raw.
func nonResourceOperation(path, query string) *operation {
	parts := splitPath(path)
	switch {
	case path == "/version":
		return &operation{respond: serveVersion}
	case path == "/healthz" || path == "/livez" || path == "/readyz":
		return healthOperation(strings.TrimPrefix(path, "/"), query)
	case len(parts) == 2 && (parts[0] == "healthz" || parts[0] == "livez" || parts[0] == "readyz"):
		return checkOperation(parts[0], parts[1])
	case path == "/openapi/v2":
		return &operation{respond: serveOpenAPIV2}
	case path == "/openapi/v3":
		return &operation{respond: serveOpenAPIV3Discovery}
	case strings.HasPrefix(path, "/openapi/v3/"):
		return &operation{respond: func(r *request) *api.Response { return r.serveOpenAPIV3(strings.TrimPrefix(path, "/openapi/v3/")) }}
	case path == "/api":
		return &operation{respond: serveAPIVersions}
	case path == "/apis":
		return &operation{respond: serveAPIGroupList}
	case len(parts) == 2 && parts[0] == "api":
		return &operation{respond: func(r *request) *api.Response { return r.serveResourceList("", parts[1]) }}
	case len(parts) == 2 && parts[0] == "apis":
		return &operation{respond: func(r *request) *api.Response { return r.serveAPIGroup(parts[1]) }}
	case len(parts) == 3 && parts[0] == "apis":
		return &operation{respond: func(r *request) *api.Response { return r.serveResourceList(parts[1], parts[2]) }}
	}
	return nil
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// rawOK answers 200 with a body.
func rawOK(b []byte) *api.Response { return &api.Response{Code: http.StatusOK, Raw: b} }
