package apiserver

import (
	"errors"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func listOperation() *operation { return &operation{respond: serveList} }

// serveList answers a list with the resourceVersion semantics of
// Kubernetes' API concepts, as the cacher and the etcd3 store implement
// them:
//
//   - continue: the next page, read from the store at the token's
//     revision; below the compacted revision → 410 Expired with a token
//     that continues at the newest revision;
//   - resourceVersionMatch=Exact: the store at exactly that revision (410
//     "The resourceVersion for the provided list is too old." when
//     compacted);
//   - resourceVersion "" with limit: the first page from the store,
//     consistent;
//   - resourceVersion "": consistent, from the watch cache once the store
//     confirms its revision (ConsistentListFromCache) — so it fails with
//     504 while etcd is down;
//   - resourceVersion "0" or N: the watch cache, any version not older
//     than N; limit is ignored ("0") as the cacher ignores it.
func serveList(r *request) *api.Response {
	opts := &r.req.List
	pred, st := r.predicate()
	if st != nil {
		return st.Response()
	}
	if st := validateListOptions(opts, false); st != nil {
		return st.Response()
	}
	s := r.s.p.cfg.Store
	switch {
	case opts.Continue != "":
		key, rev, st := decodeContinue(opts.Continue, keyPrefix(r.kind))
		if st != nil {
			return st.Response()
		}
		if rev == -1 {
			rev = 0
		}
		return r.listStore(&pred, rev, key, opts.Limit, true)
	case opts.ResourceVersionMatch == "Exact":
		rev, st := parseRV(opts.ResourceVersion)
		if st != nil {
			return st.Response()
		}
		return r.listStore(&pred, rev, "", opts.Limit, false)
	case opts.ResourceVersion == "" && opts.Limit > 0:
		return r.listStore(&pred, 0, "", opts.Limit, false)
	}
	switch opts.ResourceVersion {
	case "":
		if !s.Available() {
			return storeUnavailable().Response()
		}
	case "0":
	default:
		n, st := parseRV(opts.ResourceVersion)
		if st != nil {
			return st.Response()
		}
		if cur := s.Rev(); n > cur {
			return tooLargeRV(n, cur).Response()
		}
	}
	c, st := r.s.cacheFor(r.kind)
	if st != nil {
		if !s.Available() {
			return storeUnavailable().Response()
		}
		return r.listStore(&pred, 0, "", 0, false)
	}
	return listFromCache(c, &pred)
}

func listFromCache(c *watchcache.Cacher, pred *watchcache.Predicate) *api.Response {
	var items []*object.Object
	if pred.Labels.Empty() && pred.Fields.Empty() && !pred.Exact {
		items = make([]*object.Object, 0, c.Len())
	}
	c.List(pred, func(_ string, o *object.Object) bool {
		items = append(items, o)
		return true
	})
	return &api.Response{Code: http.StatusOK, Items: items, ListMeta: api.ListMeta{ResourceVersion: formatRV(c.RV())}}
}

// listStore reads a page from the store at revision rev (0: the newest),
// starting at key start (the list's prefix when ""), at most limit items
// (0: all) that match; it sets continue when more keys follow, and
// remainingItemCount when the list has no selectors (etcd3 store
// GetList). It records the read as a LIST from the replica to etcd.
func (r *request) listStore(pred *watchcache.Predicate, rev int64, start string, limit int64, continuing bool) *api.Response {
	s := r.s.p.cfg.Store
	prefix := pred.Prefix
	end := store.PrefixEnd(prefix)
	if pred.Exact {
		end = ""
	}
	if start == "" || start < prefix {
		start = prefix
	}
	if rev == 0 {
		rev = s.Rev()
	}
	var items []*object.Object
	var last string
	more := false
	err := s.Scan(start, end, rev, func(kv store.KeyValue[*object.Object]) bool {
		if limit > 0 && int64(len(items)) == limit {
			more = true
			return false
		}
		if pred.Matches(kv.Key, kv.Value) {
			items = append(items, kv.Value)
			last = kv.Key
		}
		return true
	})
	if err != nil {
		return r.listError(err, rev, start, continuing).Response()
	}
	meta := api.ListMeta{ResourceVersion: formatRV(rev)}
	if more {
		meta.Continue = encodeContinue(last+"\x00", keyPrefix(r.kind), rev)
		if pred.Labels.Empty() && pred.Fields.Empty() {
			n := int64(0)
			s.Scan(last+"\x00", end, rev, func(store.KeyValue[*object.Object]) bool { n++; return true })
			meta.RemainingItemCount = &n
		}
	}
	r.s.p.cfg.Trace.Append(trace.Event{Time: r.now, From: r.s.name, To: trace.Etcd, Verb: trace.List,
		Group: r.kind.Group, Resource: r.kind.Resource, Namespace: r.info.Namespace, RVAfter: meta.ResourceVersion})
	return &api.Response{Code: http.StatusOK, Items: items, ListMeta: meta}
}

// listError maps a failed store read of a list.
func (r *request) listError(err error, rev int64, start string, continuing bool) *api.Status {
	switch {
	case errors.Is(err, store.ErrCompacted) && continuing:
		st := api.NewResourceExpired(inconsistentContinue)
		st.Continue = encodeContinue(start, keyPrefix(r.kind), -1)
		return st
	case errors.Is(err, store.ErrFutureRev):
		return tooLargeRV(rev, r.s.p.cfg.Store.Rev())
	}
	return storeError(err, grOf(r.kind), "")
}

// validateListOptions is metainternalversion's ValidateListOptions: 422
// for a resourceVersionMatch without a resourceVersion, or on a watch.
func validateListOptions(opts *api.ListOptions, watch bool) *api.Status {
	var errs []api.StatusCause
	switch {
	case opts.ResourceVersionMatch != "" && watch:
		errs = append(errs, api.StatusCause{Type: "FieldValueForbidden", Field: "resourceVersionMatch",
			Message: "Forbidden: resourceVersionMatch is forbidden for watch"})
	case opts.ResourceVersionMatch != "" && opts.ResourceVersion == "":
		errs = append(errs, api.StatusCause{Type: "FieldValueForbidden", Field: "resourceVersionMatch",
			Message: "Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided"})
	case opts.Continue != "" && opts.ResourceVersion != "" && opts.ResourceVersion != "0":
		errs = append(errs, api.StatusCause{Type: "FieldValueForbidden", Field: "resourceVersion",
			Message: "Forbidden: specifying resource version is not allowed when using continue"})
	case opts.ResourceVersionMatch != "" && opts.ResourceVersionMatch != "Exact" && opts.ResourceVersionMatch != "NotOlderThan":
		errs = append(errs, api.StatusCause{Type: "FieldValueNotSupported", Field: "resourceVersionMatch",
			Message: `Unsupported value: "` + opts.ResourceVersionMatch + `": supported values: "Exact", "NotOlderThan", ""`})
	}
	if len(errs) == 0 {
		return nil
	}
	msg := `ListOptions.meta.k8s.io "" is invalid: ` + errs[0].Field + ": " + errs[0].Message
	return api.NewInvalid(api.GroupResource{Group: "meta.k8s.io", Resource: "ListOptions"}, "ListOptions", "", msg, errs)
}
