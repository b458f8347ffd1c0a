package watchcache

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// InitialEventsAnnotation marks the bookmark that ends the initial events
// of a watch with sendInitialEvents (metav1.InitialEventsAnnotationKey).
const InitialEventsAnnotation = "k8s.io/initial-events-end"

// WatchOptions say where a watch starts and what it sees.
type WatchOptions struct {
	Predicate Predicate
	// ResourceVersion 0 starts from the current state (resourceVersion ""
	// or "0"); N > 0 starts after revision N.
	ResourceVersion int64
	// SendInitialEvents as in ListOptions: nil keeps the legacy behaviour
	// (synthetic ADDED events only from 0); true sends the initial state
	// and then an initial-events-end bookmark; false never sends it.
	SendInitialEvents *bool
	// AllowBookmarks asks for BOOKMARK events.
	AllowBookmarks bool
	// Deadline ends the watch (with a last bookmark 2 s before); 0 means
	// none.
	Deadline sim.Time
	// Namespace and Name are those of the watch request's RequestInfo
	// (the path's namespace, the name of a metadata.name field selector):
	// what API Priority and Fairness's watch tracker files the watch under
	// (see Cacher.InterestedWatchers).
	Namespace, Name string
}

// Watcher is one open watch on a cacher. It implements api.Watch.
type Watcher struct {
	c    *Cacher
	sink Sink
	pred Predicate
	// anyObject: the predicate has no selector, so every object at a key
	// it matches is selected.
	anyObject bool
	pos       int // absolute history position of the next event
	startAt   sim.Time
	// initial holds the synthetic ADDED objects still to send.
	initial    []*object.Object
	initialEnd bool // send the initial-events-end bookmark after initial
	// fail is an error to send as one ERROR event, ending the stream.
	fail      *api.Status
	bookmarks bool
	deadline  sim.Time
	timer     sim.Timer // initialised for bookmarks or a deadline
	done      bool
	// id orders the watchers as they opened: every pass of the dispatcher
	// hands events to them in that order.
	id uint64
	// indexed watchers are handed only the events whose trigger values
	// include value (see Trigger).
	indexed bool
	value   string
	// live watchers are caught up with the dispatcher: their cursor is
	// the dispatcher's (dispatch.sent), not pos.
	live bool
	// tracked is the watch tracker's entry the watcher is counted in.
	tracked trackKey
	counted bool
}

// Watch opens a watch whose events go to sink.
func (c *Cacher) Watch(opts WatchOptions, sink Sink) *Watcher {
	now := c.cfg.Loop.Now()
	c.nextID++
	w := &Watcher{c: c, sink: sink, pred: opts.Predicate, startAt: now.Add(c.cfg.Latency),
		bookmarks: opts.AllowBookmarks, deadline: opts.Deadline, id: c.nextID}
	w.anyObject = w.pred.Labels.Empty() && w.pred.Fields.Empty()
	w.value, w.indexed = c.trigger.triggerValue(&w.pred)
	c.track(w, opts.Namespace, opts.Name)
	rv := opts.ResourceVersion
	sendInitial := (rv == 0 && opts.SendInitialEvents == nil) ||
		(opts.SendInitialEvents != nil && *opts.SendInitialEvents)
	switch {
	case sendInitial:
		c.List(&w.pred, func(_ string, o *object.Object) bool {
			w.initial = append(w.initial, o)
			return true
		})
		if w.initial == nil {
			w.initial = []*object.Object{}
		}
		w.initialEnd = opts.SendInitialEvents != nil
		w.pos = c.hist.end
	case rv == 0:
		w.pos = c.hist.end
	default:
		w.pos, w.fail = c.since(rv)
	}
	if c.watchers == nil && c.disp.catchup == nil && c.disp.all == nil {
		// The first watcher: the lists it goes through start in one
		// block, with room for two each.
		b := make([]*Watcher, 6)
		c.watchers, c.disp.catchup, c.disp.all = b[0:0:2], b[2:2:4], b[4:4:6]
	}
	c.watchers = append(c.watchers, w)
	c.disp.catchup = append(c.disp.catchup, w)
	c.wake(w.startAt)
	if w.bookmarks || w.deadline != 0 {
		c.cfg.Loop.InitTimer(&w.timer, w)
		w.arm(now)
	}
	return w
}

// since returns the history position after revision rv, or the error of
// getAllEventsSinceLocked (watch_cache_history.go) / the freshness wait.
func (c *Cacher) since(rv int64) (int, *api.Status) {
	if cur := c.RV(); rv > cur {
		s := api.NewTimeout(fmt.Sprintf("Too large resource version: %d, current: %d", rv, cur))
		s.RetryAfterSeconds = 1
		return 0, s
	}
	var oldest int64
	switch {
	case c.listRV > 0 && !c.hist.removed:
		oldest = c.listRV + 1
	case c.hist.len() > 0:
		oldest = c.hist.at(c.hist.start).RV
	default:
		oldest = c.rv + 1
	}
	if rv < oldest-1 {
		return 0, api.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", rv, oldest-1))
	}
	return c.hist.search(rv), nil
}

// Stop ends the watch from the client's side: nothing more is delivered
// and the sink is not closed; a sink that is a StopSink is told.
func (w *Watcher) Stop() {
	if w.done {
		return
	}
	w.finish()
	w.c.ndone++
	if s, ok := w.sink.(StopSink); ok {
		s.Stopped()
	}
}

// StopSink is a Sink that learns when the client stops the watch (the
// API server completes the request's audit record then).
type StopSink interface {
	Sink
	Stopped()
}

// Done reports whether the watch has ended, by either side.
func (w *Watcher) Done() bool { return w.done }

func (w *Watcher) finish() {
	w.done = true
	w.c.untrack(w)
	if w.live {
		w.c.disp.nlive--
	}
	if w.timer.Initialized() {
		w.timer.Stop()
	}
}

// end closes the stream from the server's side.
func (w *Watcher) end(err error) {
	w.finish()
	w.c.ndone++
	w.sink.Close(err)
}

// arm schedules the next bookmark or the deadline.
func (w *Watcher) arm(now sim.Time) {
	var next sim.Time
	if w.bookmarks {
		next = now.Add(w.c.cfg.BookmarkFrequency)
		if w.deadline != 0 {
			if pre := w.deadline.Add(-bookmarkBeforeDeadline); pre > now && pre < next {
				next = pre
			}
		}
	}
	if w.deadline != 0 && (next == 0 || w.deadline < next) {
		next = w.deadline
	}
	if next != 0 {
		w.timer.Reset(next)
	}
}

// Fire is the watcher's timer: a bookmark, or the deadline.
func (w *Watcher) Fire() {
	if w.done {
		return
	}
	now := w.c.cfg.Loop.Now()
	if w.deadline != 0 && now >= w.deadline {
		w.end(nil)
		return
	}
	if w.bookmarks && now >= w.startAt && w.fail == nil && w.initial == nil {
		w.sink.Send(Delivery{Type: trace.Bookmark, Object: w.c.bookmark(w.seenRV(), false)})
	}
	if !w.done {
		w.arm(now)
	}
}

// seenRV is the newest revision the watcher has fully seen: the cache's
// revision when it is caught up, else just before its next event.
func (w *Watcher) seenRV() int64 {
	pos := w.cursor()
	if pos < w.c.hist.end && pos >= w.c.hist.start {
		return w.c.hist.at(pos).RV - 1
	}
	return w.c.RV()
}

// cursor is the history position of the next event the watcher is to
// be handed.
func (w *Watcher) cursor() int {
	if w.live {
		return w.c.disp.sent
	}
	return w.pos
}

// bookmark builds a bookmark object: only apiVersion, kind and
// metadata.resourceVersion (and the initial-events-end annotation). A
// periodic bookmark at the revision of the one before is that one again:
// watchers opened together get theirs together, and what a watch hands
// out is read, never written, as the cached objects every watcher shares.
func (c *Cacher) bookmark(rv int64, initialEnd bool) *object.Object {
	if !initialEnd && c.lastBookmark != nil && c.lastBookmarkRV == rv {
		return c.lastBookmark
	}
	o := object.New(c.cfg.APIVersion, c.cfg.Kind)
	o.Meta.ResourceVersion = strconv.FormatInt(rv, 10)
	if initialEnd {
		o.Meta.Annotations = map[string]string{InitialEventsAnnotation: "true"}
		return o
	}
	c.lastBookmark, c.lastBookmarkRV = o, rv
	return o
}
