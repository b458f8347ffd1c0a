package apiserver

import "github.com/loopbook/loopbook/engine/cluster/api"

// parseMemoLimit bounds a replica's parseMemo: once it holds that many
// paths it starts again empty, so that a long run addressing ever new
// objects does not grow it without end.
const parseMemoLimit = 1024

// parseMemo keeps the RequestInfo of every method and path a replica has
// parsed whose RequestInfo is a function of them alone: all but lists,
// watches and collection deletes, which carry the request's selectors.
// A run's clients write and read the same objects over and over (a
// leader renewing its Lease, a kubelet its node's), and parsing a path
// costs some twenty times the look-up.
type parseMemo map[parseKey]*api.RequestInfo

// parseKey is a request's method and path.
type parseKey struct{ method, path string }

// parse is api.ParseRequestInfo(req), remembered when it can be.
func (m *parseMemo) parse(req *api.Request) api.RequestInfo {
	k := parseKey{req.Method, req.Path}
	if info, ok := (*m)[k]; ok {
		return *info
	}
	info := api.ParseRequestInfo(req)
	if !readsListOptions(&info) {
		if *m == nil || len(*m) >= parseMemoLimit {
			*m = parseMemo{}
		}
		kept := info
		(*m)[k] = &kept
	}
	return info
}

// readsListOptions reports whether info is of a verb whose RequestInfo
// api.ParseRequestInfo builds from the request's list options as well as
// its path: the only ones that read them.
func readsListOptions(info *api.RequestInfo) bool {
	switch info.Verb {
	case "list", "watch", "deletecollection":
		return true
	}
	return false
}
