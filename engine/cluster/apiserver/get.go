package apiserver

import (
	"fmt"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func getOperation() *operation {
	return &operation{respond: func(r *request) *api.Response {
		o, st := r.getObject()
		if st != nil {
			return st.Response()
		}
		return respond(http.StatusOK, o)
	}}
}

// getObject reads the addressed object with the request's
// resourceVersion semantics: "" is a consistent read (the store must be
// reachable; the watch cache, kept up to date, serves it), "0" any
// version (the watch cache), N at least N (the watch cache, or 504
// "Too large resource version" when N is in the future).
func (r *request) getObject() (*object.Object, *api.Status) {
	k := r.kind
	rv := r.req.List.ResourceVersion
	st := r.s.p.cfg.Store
	switch rv {
	case "":
		if !st.Available() {
			return nil, storeUnavailable()
		}
	case "0":
	default:
		n, bad := parseRV(rv)
		if bad != nil {
			return nil, bad
		}
		if cur := st.Rev(); n > cur {
			return nil, tooLargeRV(n, cur)
		}
	}
	c, notReady := r.s.cacheFor(k)
	if notReady != nil {
		o, _, s := r.readStored(k, r.info.Namespace, r.info.Name)
		return o, s
	}
	o, ok := r.s.p.prefixes.cachedObject(c, k, r.info.Namespace, r.info.Name)
	if !ok {
		return nil, api.NewNotFound(grOf(k), r.info.Name)
	}
	return o, nil
}

// tooLargeRV is the answer to a read at a revision the server has not
// reached (storage.NewTooLargeResourceVersionError, with Retry-After 1).
func tooLargeRV(rv, current int64) *api.Status {
	s := api.NewTimeout(fmt.Sprintf("Too large resource version: %d, current: %d", rv, current))
	s.RetryAfterSeconds = 1
	return s
}
