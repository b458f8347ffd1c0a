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
	switch path {
	case "/version":
		return versionOperation
	case "/healthz", "/livez", "/readyz":
		return healthOperation(path[1:], query)
	case "/openapi/v2":
		return openAPIV2Operation
	case "/openapi/v3":
		return openAPIV3Operation
	case "/api":
		return apiVersionsOperation
	case "/apis":
		return apiGroupListOperation
	}
	if strings.HasPrefix(path, "/openapi/v3/") {
		return &operation{respond: func(r *request) *api.Response { return r.serveOpenAPIV3(strings.TrimPrefix(path, "/openapi/v3/")) }}
	}
	parts := splitPath(path)
	switch {
	case len(parts) == 2 && (parts[0] == "healthz" || parts[0] == "livez" || parts[0] == "readyz"):
		return checkOperation(parts[0], parts[1])
	case len(parts) == 2 && parts[0] == "api":
		return &operation{respond: func(r *request) *api.Response { return r.serveResourceList("", parts[1]) }}
	case len(parts) == 2 && parts[0] == "apis":
		return &operation{respond: func(r *request) *api.Response { return r.serveAPIGroup(parts[1]) }}
	case len(parts) == 3 && parts[0] == "apis":
		return &operation{respond: func(r *request) *api.Response { return r.serveResourceList(parts[1], parts[2]) }}
	}
	return nil
}

// The operations of the fixed non-resource paths, shared by their
// requests: a request never changes its operation. A noisy client's
// requests are /version.
var (
	versionOperation      = &operation{respond: serveVersion}
	openAPIV2Operation    = &operation{respond: serveOpenAPIV2}
	openAPIV3Operation    = &operation{respond: serveOpenAPIV3Discovery}
	apiVersionsOperation  = &operation{respond: serveAPIVersions}
	apiGroupListOperation = &operation{respond: serveAPIGroupList}
)

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// rawOK answers 200 with a body.
func rawOK(b []byte) *api.Response { return &api.Response{Code: http.StatusOK, Raw: b} }
