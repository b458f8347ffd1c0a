// Package watchcache is the API server's watch cache for one resource:
// kube-apiserver's Cacher (k8s.io/apiserver/pkg/storage/cacher), reduced to
// what the model needs and run on the virtual clock.
//
// A Cacher is fed by one store watch on the resource's key prefix and
// keeps
//
//   - the current objects, for GET and LIST served from the cache;
//   - a history of recent events, sized as Kubernetes sizes it (capacity
//     from 100 to 102,400 events, doubled while the oldest event is younger
//     than 75 s and halved while the newest quarter is older than that;
//     watch_cache.go and watch_cache_history.go), from which watches resume;
//   - its watchers, each with a predicate and a cursor into the history.
//
// So N informers watching a resource cost one store watch, and a write
// costs one history append plus one predicate test per watcher that may
// care: watchers whose field selector pins the resource's trigger field
// (a kubelet's spec.nodeName=NODE on Pods) are indexed by its value, as
// the cacher's indexed triggers do, and see only the events of their
// value (see Trigger).
//
// Delivery goes through the sim loop: an event written at t reaches every
// watcher at t + Latency (a named, illustrative constant), in revision
// order, exactly once per watcher. Watch semantics follow cacher.go and
// cache_watcher.go:
//
//   - resourceVersion "" or "0" (without sendInitialEvents) starts with a
//     synthetic ADDED event for each current object that matches, then
//     changes after the cache's revision; an exact revision N starts with
//     the changes after N, with no synthetic events;
//   - N older than the history → one ERROR event, 410 Expired, "too old
//     resource version: N (OLDEST-1)", then the stream ends;
//   - an object whose change moves it into the predicate is ADDED, out of
//     it DELETED (carrying its last state that matched, at the event's
//     revision), within it MODIFIED;
//   - BOOKMARK events only for watchers that asked for them: every minute
//     (defaultBookmarkFrequency) and 2 s before the watch's deadline, at a
//     revision the watcher has fully seen; with sendInitialEvents, one
//     bookmark annotated k8s.io/initial-events-end after the initial state.
//
// Objects handed to watchers are shared and immutable.
package watchcache
