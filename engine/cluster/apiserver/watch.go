package apiserver

import (
	"net/http"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/watchcache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// minRequestTimeout is kube-apiserver's --min-request-timeout default: a
// watch without timeoutSeconds lasts a random time between one and two of
// these (k8s.io/apiserver/pkg/endpoints/handlers/get.go, ListResource:
// minRequestTimeout * (rand.Float64() + 1.0)).
const minRequestTimeout = 1800 * time.Second

func watchOperation() *operation { return &operation{respond: serveWatch} }

// serveWatch opens a watch on the replica's watch cache. Every watch is
// served by the cache, so N watchers cost one store watch; the events
// reach the handler through the loop (see package watchcache for the
// semantics). A resourceVersion too old for the cache's history is not
// an HTTP error: the watch opens and its first event is an ERROR with 410
// Expired, as the cacher answers.
func serveWatch(r *request) *api.Response {
	opts := &r.req.List
	pred, st := r.predicate()
	if st != nil {
		return st.Response()
	}
	if st := validateListOptions(opts, true); st != nil {
		return st.Response()
	}
	rv := int64(0)
	if opts.ResourceVersion != "" && opts.ResourceVersion != "0" {
		n, st := parseRV(opts.ResourceVersion)
		if st != nil {
			return st.Response()
		}
		rv = n
	}
	c, st := r.s.cacheFor(r.kind)
	if st != nil {
		return st.Response()
	}
	timeout := time.Duration(opts.TimeoutSeconds) * time.Second
	if timeout <= 0 {
		timeout = time.Duration(float64(minRequestTimeout) * (r.s.p.cfg.Rand.Float64() + 1.0))
	}
	sink := &watchSink{s: r.s, client: r.req.From, h: r.h, kind: r.kind, aud: r.aud}
	sink.opened.Watch = c.Watch(watchcache.WatchOptions{
		Predicate:         pred,
		ResourceVersion:   rv,
		SendInitialEvents: opts.SendInitialEvents,
		AllowBookmarks:    opts.AllowWatchBookmarks,
		Deadline:          r.now.Add(timeout),
		Namespace:         r.info.Namespace,
		Name:              r.info.Name,
	}, sink)
	sink.opened.Code = http.StatusOK
	return &sink.opened
}

// watchSink hands a watch's deliveries to the client's handler, recording
// each as a NOTIFY event from the replica to the client.
type watchSink struct {
	s      *Server
	client trace.Actor
	h      api.WatchHandler
	kind   *object.KindInfo
	// aud is the watch request's audit record, completed when the stream
	// ends.
	aud *auditing
	// opened is the answer that opened the watch, allocated with the sink
	// that outlives it rather than apart.
	opened api.Response
}

// Send records a NOTIFY event and hands the event to the handler.
func (w *watchSink) Send(d watchcache.Delivery) {
	ev := w.s.p.cfg.Trace.Add()
	ev.Time, ev.From, ev.To, ev.Verb = w.s.p.cfg.Loop.Now(), w.s.name, w.client, trace.Notify
	ev.Group, ev.Resource, ev.WatchType = w.kind.Group, w.kind.Resource, d.Type
	var status *api.Status
	if d.Object != nil {
		ev.Namespace, ev.Name, ev.RVAfter = d.Object.Meta.Namespace, d.Object.Meta.Name, d.Object.Meta.ResourceVersion
	}
	if d.Err != nil {
		status, _ = d.Err.(*api.Status)
		ev.Outcome = outcome(status)
	}
	if w.h != nil {
		w.h.OnEvent(api.WatchEvent{Type: d.Type, Object: d.Object, Status: status})
	}
}

// Stopped completes the audit record of a watch the client stopped.
func (w *watchSink) Stopped() { w.aud.ended() }

// Close tells the handler the server ended the stream.
func (w *watchSink) Close(err error) {
	w.aud.ended()
	if w.h != nil {
		w.h.Ended(err)
	}
}
