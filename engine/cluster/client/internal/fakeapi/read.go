package fakeapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

func (s *Server) get(k *object.KindInfo, info api.RequestInfo) *api.Response {
	kv, ok, err := s.Store.Get(key(k, info.Namespace, info.Name))
	if err != nil {
		return storeError(k, info.Name, err)
	}
	if !ok {
		return storeError(k, info.Name, store.ErrKeyNotFound)
	}
	return &api.Response{Code: http.StatusOK, Object: kv.Value}
}

// list serves a list. resourceVersion "" and "0" and N (not older than)
// read the current state, ignoring how fresh N asks for; Exact reads at N.
// A limit pages the result (except with "0", as the watch cache ignores
// it), the continue token naming the revision and the last key.
func (s *Server) list(k *object.KindInfo, info api.RequestInfo, opts api.ListOptions) *api.Response {
	sel, err := parseSelectors(opts)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response()
	}
	p := prefix(k, info.Namespace)
	start, rev := p, int64(0)
	if opts.ResourceVersionMatch == "Exact" {
		rev, _ = strconv.ParseInt(opts.ResourceVersion, 10, 64)
	}
	if opts.Continue != "" {
		r, last, ok := strings.Cut(opts.Continue, "/")
		if !ok {
			return api.NewBadRequest("continue key is not valid").Response()
		}
		rev, _ = strconv.ParseInt(r, 10, 64)
		start = last + "\x00"
	}
	limit := int(opts.Limit)
	if opts.ResourceVersion == "0" && !s.PageAll {
		limit = 0
	}
	if rev == 0 {
		rev = s.Store.Rev()
	}
	var items []*object.Object
	var lastKey string
	more := false
	err = s.Store.Scan(start, store.PrefixEnd(p), rev, func(kv store.KeyValue[*object.Object]) bool {
		if !sel.matches(kv.Value) {
			return true
		}
		if limit > 0 && len(items) == limit {
			more = true
			return false
		}
		items = append(items, kv.Value)
		lastKey = kv.Key
		return true
	})
	if err != nil {
		return storeError(k, "", err)
	}
	resp := &api.Response{Code: http.StatusOK, Items: items, ListMeta: api.ListMeta{ResourceVersion: rv(rev)}}
	if more {
		resp.ListMeta.Continue = rv(rev) + "/" + lastKey
	}
	return resp
}

// Objects returns the stored objects of a kind in a namespace ("" for all),
// in key order: what an informer's cache must equal.
func (s *Server) Objects(k *object.KindInfo, namespace string) []*object.Object {
	var out []*object.Object
	p := prefix(k, namespace)
	_ = s.Store.Scan(p, store.PrefixEnd(p), 0, func(kv store.KeyValue[*object.Object]) bool {
		out = append(out, kv.Value)
		return true
	})
	return out
}

// Compact discards the store's history up to its current revision, so a
// watch from any earlier resourceVersion fails with 410 Expired.
func (s *Server) Compact() error { return s.Store.Compact(s.Store.Rev()) }
