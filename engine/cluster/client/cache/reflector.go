package cache

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Facts from k8s.io/client-go/tools/cache/reflector.go and tools/pager.
const (
	// MinWatchTimeout: watches ask the server to end them after a random
	// time in [5, 10) minutes ("to spread the load on apiserver").
	MinWatchTimeout = 5 * time.Minute
	// DefaultPageSize is the pager's page size (tools/pager/pager.go,
	// defaultPageSize = 500) for lists from "" or "0".
	DefaultPageSize = 500
	// shortWatch: a watch that closes sooner without an event is an error
	// ("very short watch").
	shortWatch = time.Second
)

// ReflectorStore is what a Reflector keeps up to date: client-go's
// DeltaFIFO, here the informer itself.
type ReflectorStore interface {
	// Replace installs the result of a LIST.
	Replace(items []*object.Object, resourceVersion string)
	Add(obj *object.Object)
	Update(obj *object.Object)
	Delete(obj *object.Object)
	// Resync re-delivers every cached object to the handlers due for it.
	Resync()
}

// Reflector keeps a store in step with the server, as client-go's: it
// LISTs (first from resourceVersion "0", the watch cache; afterwards from
// the last resourceVersion it saw, or "" after a 410), then WATCHes from
// the list's resourceVersion with bookmarks, applying each event and
// remembering its resourceVersion. When a watch closes it watches again
// from there at once; when the server refuses the connection or answers
// 429 it backs off and watches again; when the watch fails otherwise
// (410 Expired, a very short watch, another error) or a LIST fails, it
// backs off and starts over with a LIST. The backoff is client.Backoff's
// reflector schedule, 800 ms doubling to 30 s with jitter.
type Reflector struct {
	// Name appears in errors: "reflector" from NewReflector; an
	// informer's is empty, which stands for the client's actor and the
	// resource ("kube-controller-manager/pods"), spelled out only when an
	// error needs it.
	Name string
	// WatchListPageSize forces a page size for every LIST (0: the pager's
	// default for "" and "0", no paging for an exact resourceVersion).
	WatchListPageSize int64
	// ResyncPeriod is how often ShouldResync is asked whether to call
	// the store's Resync (0: never).
	ResyncPeriod time.Duration
	ShouldResync func() bool
	// WatchErrorHandler is told why a LIST or WATCH failed before each
	// backoff (client-go's DefaultWatchErrorHandler logs it).
	WatchErrorHandler func(err error)

	lw    ListerWatcher
	store ReflectorStore
	// informer is the informer whose reflector this is, asked whether
	// to resync as ShouldResync would be, without a method value.
	informer *SharedInformer
	loop     *sim.Loop
	c        *client.Client // for jitter
	kind     *object.KindInfo
	backoff  client.Backoff

	lastSyncRV      string
	rvUnavailable   bool
	paginatedResult bool

	running, stopped bool
	wake             step // what the timer does when it fires
	watch            *watchStream
	// firstWatch is the first WATCH's stream, kept in the reflector: most
	// reflectors watch once. It is used once only, as a stream is told
	// from a later one by its address.
	firstWatch watchStream
	timer      sim.Timer // the backoff or rewatch wake-up
	resync     sim.Timer // initialised when first armed: most reflectors never resync
}

// step is what the reflector does when its timer fires.
type step uint8

const (
	stepListAndWatch step = iota
	stepWatch
)

// NewReflector returns a reflector for kind that lists and watches through
// lw into store, using c's loop and randomness.
func NewReflector(lw ListerWatcher, kind *object.KindInfo, store ReflectorStore, c *client.Client) *Reflector {
	r := &Reflector{Name: "reflector"}
	r.init(lw, kind, store, c)
	return r
}

// init makes r, a zero Reflector that stays where it is (its timer
// points back at it), a stopped reflector for kind.
func (r *Reflector) init(lw ListerWatcher, kind *object.KindInfo, store ReflectorStore, c *client.Client) {
	r.lw, r.store, r.loop, r.c, r.kind = lw, store, c.Loop, c, kind
	r.backoff = *client.NewReflectorBackoff(c.Rand, c.Loop.Now())
	r.loop.InitTimer(&r.timer, (*wakeHandler)(r))
}

// name is the reflector's name in errors (see Name).
func (r *Reflector) name() string {
	if r.Name != "" {
		return r.Name
	}
	return string(r.c.Actor) + "/" + r.kind.Resource
}

// LastSyncResourceVersion is the resourceVersion of the last list or event
// applied.
func (r *Reflector) LastSyncResourceVersion() string { return r.lastSyncRV }

// Run starts listing and watching; the first LIST is sent at once.
func (r *Reflector) Run() {
	if r.running || r.stopped {
		return
	}
	r.running = true
	r.listAndWatch()
}

// Stop ends the reflector: the watch is stopped and nothing is retried.
func (r *Reflector) Stop() {
	r.stopped = true
	r.timer.Stop()
	r.stopResync()
	r.stopWatch()
}

// Stopped reports whether Stop was called.
func (r *Reflector) Stopped() bool { return r.stopped }

func (r *Reflector) fire() {
	if r.stopped {
		return
	}
	switch r.wake {
	case stepWatch:
		r.startWatch()
	default:
		r.listAndWatch()
	}
}

// after schedules s after d.
func (r *Reflector) after(s step, d time.Duration) {
	if r.stopped {
		return
	}
	r.wake = s
	r.timer.Reset(r.loop.Now().Add(d))
}

// listAndWatch is one call of client-go's ListAndWatch.
func (r *Reflector) listAndWatch() {
	if err := r.list(); err != nil {
		r.ended(&listError{kind: r.kind, err: err})
		return
	}
	if r.stopped { // a handler stopped the informer during the list
		return
	}
	if r.ResyncPeriod > 0 {
		r.armResync()
	}
	r.startWatch()
}

// ended is ListAndWatch returning: report err, if any, and back off
// before the next ListAndWatch (wait.BackoffUntil with sliding = true).
func (r *Reflector) ended(err error) {
	r.stopResync()
	if err != nil && r.WatchErrorHandler != nil {
		r.WatchErrorHandler(err)
	}
	r.after(stepListAndWatch, r.backoff.Next(r.loop.Now()))
}

func (r *Reflector) fireResync() {
	if r.stopped {
		return
	}
	if r.shouldResync() {
		r.store.Resync()
	}
	r.armResync()
}

// shouldResync asks ShouldResync, or the informer, whether to resync;
// with neither, it always does.
func (r *Reflector) shouldResync() bool {
	switch {
	case r.ShouldResync != nil:
		return r.ShouldResync()
	case r.informer != nil:
		return r.informer.shouldResync()
	}
	return true
}

// listError is "failed to list *v1.Pod: …" (reflector.go, list).
type listError struct {
	kind *object.KindInfo
	err  error
}

// Error is the message.
func (e *listError) Error() string {
	return "failed to list *" + e.kind.Version + "." + e.kind.Kind + ": " + e.err.Error()
}

// Unwrap returns the server's answer.
func (e *listError) Unwrap() error { return e.err }
