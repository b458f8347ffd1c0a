package watchcache

import (
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Timings of the cache.
const (
	// DefaultLatency is how long an event takes from the store write to a
	// watcher. Illustrative: the model's choice, not a Kubernetes value.
	DefaultLatency = 5 * time.Millisecond
	// DefaultBookmarkFrequency is how often a watcher that allows bookmarks
	// gets one (defaultBookmarkFrequency in cacher.go).
	DefaultBookmarkFrequency = time.Minute
	// bookmarkBeforeDeadline is when the last bookmark goes out before a
	// watch's deadline (cache_watcher.go, nextBookmarkTime: "2s before the
	// deadline").
	bookmarkBeforeDeadline = 2 * time.Second
)

// Config configures a Cacher.
type Config struct {
	Loop *sim.Loop
	// Prefix is the resource's store key prefix ("/registry/pods/").
	Prefix string
	// APIVersion and Kind name the resource's objects, for bookmark events.
	APIVersion, Kind string
	// Latency is the delivery delay; 0 means DefaultLatency.
	Latency time.Duration
	// BookmarkFrequency is the bookmark period; 0 means
	// DefaultBookmarkFrequency.
	BookmarkFrequency time.Duration
	// Progress returns the newest revision of the store (etcd's progress
	// notifications): lists and bookmarks carry it. Nil means the revision
	// of the last event seen.
	Progress func() int64
	// Trigger indexes the watchers by a field; nil takes the built-in
	// trigger of Prefix, if it has one (Pods: spec.nodeName).
	Trigger *Trigger
}

// Cacher is the watch cache of one resource. Feed it with Replace (the
// initial list) and then a store watch (it is a store.Handler). It is used
// from the sim loop's goroutine only.
type Cacher struct {
	cfg      Config
	trigger  Trigger
	objs     index
	hist     history
	rv       int64      // revision of the last event or list seen
	listRV   int64      // revision of the last Replace
	watchers []*Watcher // every watcher, in the order they opened
	ndone    int        // watchers in watchers that have ended
	nextID   uint64
	disp     dispatch
	// trackedAll counts the watchers of the whole resource, most of
	// them; tracker the others, by namespace and name (nil until one
	// is counted).
	trackedAll int
	tracker    map[trackKey]int
	timer      sim.Timer // initialised when the dispatcher is first woken
	// lastBookmark is the last periodic bookmark sent, at lastBookmarkRV.
	lastBookmark   *object.Object
	lastBookmarkRV int64
	stopped        bool
}

// New returns an empty cacher; call Replace before serving from it.
func New(cfg Config) *Cacher {
	if cfg.Latency == 0 {
		cfg.Latency = DefaultLatency
	}
	if cfg.BookmarkFrequency == 0 {
		cfg.BookmarkFrequency = DefaultBookmarkFrequency
	}
	c := &Cacher{cfg: cfg, objs: newIndex(), hist: newHistory(), disp: newDispatch()}
	if cfg.Trigger != nil {
		c.trigger = *cfg.Trigger
	} else {
		c.trigger = builtinTriggers[cfg.Prefix]
	}
	// The objects' map is made by the first list or event, the
	// tracker's map and the dispatcher's timer when the first watcher
	// needs them: most of a cluster's caches (one per resource and
	// replica) never have a watcher.
	return c
}

// Replace loads the objects of a list read at revision rv, dropping the
// history (watchCache.Replace).
func (c *Cacher) Replace(kvs []store.KeyValue[*object.Object], rv int64) {
	c.objs.reset()
	c.objs.reserve(len(kvs))
	for _, kv := range kvs {
		c.objs.put(kv.Key, kv.Value)
	}
	c.demoteLive(0, c.disp.sent)
	c.hist.reset()
	c.disp.sent = 0
	c.rv, c.listRV = rv, rv
}

// OnEvent records a store change: the object is updated and the event
// appended to the history, to reach the watchers after the latency.
//
// The cache holds what the store held at the cache's revision (a list
// and then every change since, in order), so the object a change
// replaces is the store event's previous value: it is taken from there
// rather than looked up again.
func (c *Cacher) OnEvent(sev store.Event[*object.Object]) {
	if c.stopped {
		return
	}
	ev := Event{Key: sev.KV.Key, RV: sev.Revision(), At: c.cfg.Loop.Now()}
	prev, had := sev.Prev.Value, sev.HasPrev()
	if had {
		ev.Prev = prev
	}
	if sev.Type == store.Delete {
		if !had {
			return
		}
		gone := *prev
		gone.Meta.ResourceVersion = strconv.FormatInt(ev.RV, 10)
		ev.Type, ev.Object = trace.Deleted, &gone
		c.objs.remove(ev.Key)
	} else {
		ev.Type, ev.Object = trace.Added, sev.KV.Value
		if had {
			ev.Type = trace.Modified
		}
		c.objs.set(ev.Key, sev.KV.Value, had)
	}
	c.rv = ev.RV
	c.hist.add(ev)
	if len(c.watchers) > c.ndone {
		c.wake(ev.At.Add(c.cfg.Latency))
	}
}

// RV returns the cache's revision: the store's newest when Progress is
// set, else that of the last event or list.
func (c *Cacher) RV() int64 {
	if c.cfg.Progress != nil {
		if p := c.cfg.Progress(); p > c.rv {
			return p
		}
	}
	return c.rv
}

// Revision returns the revision of the last change the cache saw, or of
// its last list: it moves exactly when the cached objects may have.
func (c *Cacher) Revision() int64 { return c.rv }

// Len returns the number of objects cached.
func (c *Cacher) Len() int { return c.objs.len() }

// Get returns the cached object at key.
func (c *Cacher) Get(key string) (*object.Object, bool) { return c.objs.get(key) }

// GetBytes is Get for a key built in a buffer, which it neither keeps
// nor copies: a caller can look an object up without making its key a
// string.
func (c *Cacher) GetBytes(key []byte) (*object.Object, bool) {
	return c.objs.objs.GetBytes(key)
}

// List calls fn for each object p selects, in key order, until fn returns
// false.
func (c *Cacher) List(p *Predicate, fn func(key string, o *object.Object) bool) {
	if p.Exact {
		if o, ok := c.objs.get(p.Prefix); ok && p.Matches(p.Prefix, o) {
			fn(p.Prefix, o)
		}
		return
	}
	c.objs.ascend(p.Prefix, func(k string, o *object.Object) bool {
		if !p.Matches(k, o) {
			return true
		}
		return fn(k, o)
	})
}

// Watchers returns the number of open watchers.
func (c *Cacher) Watchers() int { return len(c.watchers) - c.ndone }

// HistoryLen and Capacity describe the history buffer.
func (c *Cacher) HistoryLen() int { return c.hist.len() }

// Capacity returns the history's current capacity.
func (c *Cacher) Capacity() int { return c.hist.capacity() }

// Stop ends every watcher with err (delivered through the loop, at once)
// and stops the cacher: a replica going away.
func (c *Cacher) Stop(err error) {
	if c.stopped {
		return
	}
	c.stopped = true
	if c.timer.Initialized() {
		c.timer.Stop()
	}
	for _, w := range c.watchers {
		if !w.done {
			w.finish()
			c.cfg.Loop.Post(c.cfg.Loop.Now(), closer{w.sink, err})
		}
	}
	c.watchers, c.ndone = nil, 0
	c.disp = newDispatch()
	c.trackedAll = 0
	clear(c.tracker)
}

// closer delivers a stream's end through the loop.
type closer struct {
	sink Sink
	err  error
}

// Fire closes the stream.
func (x closer) Fire() { x.sink.Close(x.err) }

// wake makes sure the dispatcher runs at t or earlier.
func (c *Cacher) wake(t sim.Time) {
	if !c.timer.Initialized() {
		c.cfg.Loop.InitTimer(&c.timer, c)
	}
	if !c.timer.Pending() || c.timer.When() > t {
		c.timer.Reset(t)
	}
}
