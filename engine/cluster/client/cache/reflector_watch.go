package cache

import (
	"errors"
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// watchStream is one WATCH request: the api.WatchHandler the server
// calls. Callbacks from a stream the reflector has left are ignored.
type watchStream struct {
	r      *Reflector
	w      api.Watch
	start  sim.Time // when the request was sent
	events int
}

// OnEvent applies one event.
func (s *watchStream) OnEvent(ev api.WatchEvent) {
	if s.r.watch != s {
		return
	}
	s.r.onEvent(s, ev)
}

// Ended is the server closing the stream.
func (s *watchStream) Ended(error) {
	if s.r.watch != s {
		return
	}
	s.r.watch = nil
	s.r.watchClosed(s, nil)
}

// startWatch sends a WATCH from the last resourceVersion (reflector.go,
// watch): timeoutSeconds random in [5, 10) minutes, bookmarks allowed.
func (r *Reflector) startWatch() {
	timeout := int64(MinWatchTimeout.Seconds() * (r.c.Float64() + 1.0))
	opts := api.ListOptions{ResourceVersion: r.lastSyncRV, TimeoutSeconds: timeout, AllowWatchBookmarks: true}
	var s *watchStream
	if r.firstWatch.r == nil {
		s = &r.firstWatch
	} else {
		s = new(watchStream)
	}
	*s = watchStream{r: r, start: r.loop.Now()}
	r.watch = s
	resp := r.lw.Watch(opts, s)
	if err := resp.Err(); err != nil {
		r.watch = nil
		if isWatchErrorRetriable(err) {
			if r.WatchErrorHandler != nil {
				r.WatchErrorHandler(err)
			}
			r.after(stepWatch, r.backoff.Next(r.loop.Now()))
			return
		}
		r.ended(err)
		return
	}
	s.w = resp.Watch
}

func (r *Reflector) stopWatch() {
	if s := r.watch; s != nil {
		r.watch = nil
		if s.w != nil {
			s.w.Stop()
		}
	}
}

// onEvent is reflector.go's watchHandler for one event.
func (r *Reflector) onEvent(s *watchStream, ev api.WatchEvent) {
	if ev.Type == trace.Error {
		r.stopWatch()
		var err error = ev.Status
		if ev.Status == nil {
			err = errors.New("watch ERROR event without a status")
		}
		r.watchClosed(s, err)
		return
	}
	if ev.Object == nil {
		return
	}
	switch ev.Type {
	case trace.Added:
		r.store.Add(ev.Object)
	case trace.Modified:
		r.store.Update(ev.Object)
	case trace.Deleted:
		r.store.Delete(ev.Object)
	case trace.Bookmark:
		// Only the resourceVersion moves.
	default:
		return
	}
	r.lastSyncRV = ev.Object.Meta.ResourceVersion
	s.events++
}

// watchClosed decides what follows a watch that ended, with err from an
// ERROR event or nil when the server closed the stream.
func (r *Reflector) watchClosed(s *watchStream, err error) {
	if err == nil {
		if r.loop.Now().Sub(s.start) >= shortWatch || s.events > 0 {
			r.after(stepWatch, 0) // watch again from the last resourceVersion
			return
		}
		err = fmt.Errorf("very short watch: %s: Unexpected watch close - watch lasted less than a second and no items received", r.name())
	}
	if hasReason(err, api.ReasonTooManyRequests) {
		if r.WatchErrorHandler != nil {
			r.WatchErrorHandler(err)
		}
		r.after(stepWatch, r.backoff.Next(r.loop.Now()))
		return
	}
	// 410 Expired and every other failure end ListAndWatch: back off,
	// then LIST from the last resourceVersion.
	r.ended(err)
}
