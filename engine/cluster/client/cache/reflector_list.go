package cache

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// relistResourceVersion is the resourceVersion a LIST asks for: "0" the
// first time (served from the watch cache), then the last one seen so
// the list is no older than what the reflector already has, or "" (a
// consistent read) after that version turned out to be unavailable
// (reflector.go, relistResourceVersion).
func (r *Reflector) relistResourceVersion() string {
	switch {
	case r.rvUnavailable:
		return ""
	case r.lastSyncRV == "":
		return "0"
	}
	return r.lastSyncRV
}

// list is reflector.go's list: a paged LIST, retried at once from "" when
// the resourceVersion is too old, then Replace.
func (r *Reflector) list() error {
	opts := api.ListOptions{ResourceVersion: r.relistResourceVersion()}
	pageSize := int64(DefaultPageSize)
	switch {
	case r.WatchListPageSize != 0:
		pageSize = r.WatchListPageSize
	case r.paginatedResult:
		// The server paged a "0" list before: keep paging.
	case opts.ResourceVersion != "" && opts.ResourceVersion != "0":
		// No paging, so an exact version can be served from the cache.
		pageSize = 0
	}
	items, rv, paginated, err := r.pagedList(opts, pageSize)
	if isExpiredError(err) {
		r.rvUnavailable = true
		items, rv, paginated, err = r.pagedList(api.ListOptions{ResourceVersion: r.relistResourceVersion()}, pageSize)
	}
	if err != nil {
		if hasReason(err, api.ReasonNotFound) {
			r.store.Replace(nil, "")
		}
		return err
	}
	if opts.ResourceVersion == "0" && paginated {
		r.paginatedResult = true
	}
	r.rvUnavailable = false
	r.store.Replace(items, rv)
	r.lastSyncRV = rv
	return nil
}

// pagedList is client-go's ListPager (tools/pager/pager.go): pages of
// pageSize, following continue tokens without a resourceVersion; when a
// continuation expires it falls back to one full list at the requested
// version. The list's resourceVersion is the first page's.
func (r *Reflector) pagedList(opts api.ListOptions, pageSize int64) (items []*object.Object, rv string, paginated bool, err error) {
	if opts.Limit == 0 {
		opts.Limit = pageSize
	}
	reqRV, reqMatch := opts.ResourceVersion, opts.ResourceVersionMatch
	first := true
	for {
		resp := r.lw.List(opts)
		if err := resp.Err(); err != nil {
			if !hasReason(err, api.ReasonExpired) || opts.Continue == "" {
				return nil, "", paginated, err
			}
			opts.Limit, opts.Continue = 0, ""
			opts.ResourceVersion, opts.ResourceVersionMatch = reqRV, reqMatch
			resp = r.lw.List(opts)
			if err := resp.Err(); err != nil {
				return nil, "", paginated, err
			}
			return resp.Items, resp.ListMeta.ResourceVersion, paginated, nil
		}
		if first && resp.ListMeta.Continue == "" {
			return resp.Items, resp.ListMeta.ResourceVersion, paginated, nil
		}
		if first {
			rv, first = resp.ListMeta.ResourceVersion, false
		}
		items = append(items, resp.Items...)
		if resp.ListMeta.Continue == "" {
			return items, rv, paginated, nil
		}
		opts.Continue = resp.ListMeta.Continue
		opts.ResourceVersion, opts.ResourceVersionMatch = "", ""
		paginated = true
	}
}
