package fakeapi

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// watch is one open watch stream.
type watch struct {
	s         *Server
	k         *object.KindInfo
	h         api.WatchHandler
	sel       selectors
	bookmarks bool
	sw        *store.Watcher[*object.Object]
	timeout   *sim.Timer
	done      bool
}

// Stop implements api.Watch: the client's own stop; Ended is not called.
func (w *watch) Stop() { w.close() }

// Done implements api.Watch.
func (w *watch) Done() bool { return w.done }

func (w *watch) close() {
	if w.done {
		return
	}
	w.done = true
	if w.sw != nil {
		w.sw.Cancel()
	}
	if w.timeout != nil {
		w.timeout.Stop()
	}
	for i, x := range w.s.watches {
		if x == w {
			w.s.watches = append(w.s.watches[:i], w.s.watches[i+1:]...)
			break
		}
	}
}

// send delivers ev through the loop, after the write that caused it.
func (w *watch) send(ev api.WatchEvent) {
	w.s.Loop.Post(w.s.Loop.Now(), sim.Func(func() {
		if !w.done {
			w.h.OnEvent(ev)
		}
	}))
}

// end closes the stream from the server side: Ended(err) through the loop.
func (w *watch) end(err error) {
	if w.done {
		return
	}
	w.close()
	w.s.Loop.Post(w.s.Loop.Now(), sim.Func(func() { w.h.Ended(err) }))
}

// watch opens a stream. Without a resourceVersion, or with "0", it starts
// with a synthetic ADDED per object; from N it replays every change after
// N, or sends one ERROR 410 Expired and ends when N is compacted, as the
// watch cache does.
func (s *Server) watch(k *object.KindInfo, info api.RequestInfo, opts api.ListOptions, h api.WatchHandler) *api.Response {
	sel, err := parseSelectors(opts)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response()
	}
	w := &watch{s: s, k: k, h: h, sel: sel, bookmarks: opts.AllowWatchBookmarks}
	s.watches = append(s.watches, w)
	p := prefix(k, info.Namespace)
	from := s.Store.Rev() + 1
	if opts.ResourceVersion == "" || opts.ResourceVersion == "0" {
		_ = s.Store.Scan(p, store.PrefixEnd(p), 0, func(kv store.KeyValue[*object.Object]) bool {
			if sel.matches(kv.Value) {
				w.send(api.WatchEvent{Type: trace.Added, Object: kv.Value})
			}
			return true
		})
	} else {
		n, err := strconv.ParseInt(opts.ResourceVersion, 10, 64)
		if err != nil {
			return api.NewBadRequest("invalid resource version").Response()
		}
		from = n + 1
	}
	sw, err := s.Store.Watch(p, from, store.HandlerFunc[*object.Object](w.onStore))
	var ce *store.CompactedError
	if errors.As(err, &ce) {
		st := api.NewResourceExpired(tooOld(from-1, ce.Compacted))
		s.Loop.Post(s.Loop.Now(), sim.Func(func() {
			if w.done {
				return
			}
			w.h.OnEvent(api.WatchEvent{Type: trace.Error, Status: st})
			if !w.done {
				w.close()
				w.h.Ended(nil)
			}
		}))
		return &api.Response{Code: http.StatusOK, Watch: w}
	}
	if err != nil {
		w.close()
		return storeError(k, "", err)
	}
	w.sw = sw
	if opts.TimeoutSeconds > 0 {
		w.timeout = s.Loop.After(time.Duration(opts.TimeoutSeconds)*time.Second, func() { w.end(nil) })
	}
	return &api.Response{Code: http.StatusOK, Watch: w}
}

// onStore turns a store change into the watch event this watcher sees,
// with the selector transitions the API server applies: an object that
// starts matching is ADDED, one that stops matching is DELETED.
func (w *watch) onStore(ev store.Event[*object.Object]) {
	if w.done {
		return
	}
	var old, cur *object.Object
	if ev.HasPrev() {
		old = ev.Prev.Value
	}
	if ev.Type == store.Put {
		cur = ev.KV.Value
	}
	wasIn := old != nil && w.sel.matches(old)
	isIn := cur != nil && w.sel.matches(cur)
	switch {
	case isIn && wasIn:
		w.send(api.WatchEvent{Type: trace.Modified, Object: cur})
	case isIn:
		w.send(api.WatchEvent{Type: trace.Added, Object: cur})
	case wasIn:
		// The previous content at the event's resourceVersion, as the
		// watch cache sends it (cacher.go, convertToWatchEvent).
		w.send(api.WatchEvent{Type: trace.Deleted, Object: withRV(old, ev.Revision())})
	}
}

// DropWatches ends every open watch from the server side, as a restarting
// API server or a broken connection does.
func (s *Server) DropWatches(err error) {
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	for len(s.watches) > 0 {
		s.watches[0].end(err)
	}
}

// Watches returns the number of open watches.
func (s *Server) Watches() int { return len(s.watches) }

// Bookmark sends a BOOKMARK at the store's revision to every watch that
// allowed bookmarks.
func (s *Server) Bookmark() {
	for _, w := range s.watches {
		if !w.bookmarks {
			continue
		}
		o := object.New(w.k.APIVersion(), w.k.Kind)
		o.Meta.ResourceVersion = rv(s.Store.Rev())
		w.send(api.WatchEvent{Type: trace.Bookmark, Object: o})
	}
}
