package scenario

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// rawQuery moves the query parameters the API server reads into the
// request's options, as client-go's parameter codec does: list and watch
// options (labelSelector, fieldSelector, resourceVersion,
// resourceVersionMatch, limit, continue, allowWatchBookmarks) and write
// options (fieldValidation, dryRun). Parameters it does not know, such
// as ?verbose on health checks, stay on the path for the API server.
func rawQuery(req *api.Request) {
	path, query, ok := strings.Cut(req.Path, "?")
	if !ok {
		return
	}
	vals, err := url.ParseQuery(query)
	if err != nil {
		return
	}
	rest := url.Values{}
	for key, vs := range vals {
		v := vs[len(vs)-1]
		switch key {
		case "labelSelector":
			req.List.LabelSelector = v
		case "fieldSelector":
			req.List.FieldSelector = v
		case "resourceVersion":
			req.List.ResourceVersion = v
		case "resourceVersionMatch":
			req.List.ResourceVersionMatch = v
		case "limit":
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				req.List.Limit = n
			}
		case "continue":
			req.List.Continue = v
		case "allowWatchBookmarks":
			req.List.AllowWatchBookmarks = v == "true"
		case "fieldValidation":
			req.Write.FieldValidation = v
		case "dryRun":
			req.Write.DryRun = v == "All"
		default:
			rest[key] = vs
		}
	}
	req.Path = path
	if len(rest) > 0 {
		req.Path += "?" + rest.Encode()
	}
}
