// Package cache holds informers as client-go's tools/cache builds them: a
// Reflector that LISTs and then WATCHes from the list's resourceVersion,
// an indexed local cache (Indexer), event handlers, SharedInformers that
// share one cache and one watch among several handlers, and a Factory that
// shares one informer per resource (and filter) among the controllers of
// one client.
//
// Differences from client-go, all forced by the model's single goroutine
// and all invisible to a handler:
//
//   - There is no DeltaFIFO and no per-handler goroutine. A watch event
//     arrives through the sim loop; the informer updates its cache and
//     calls every handler, in registration order, during that event.
//     Handlers therefore see exactly the notifications client-go's would
//     (adds, updates, deletes, DeletedFinalStateUnknown tombstones after a
//     relist, resyncs), in the same order, with no queueing delay.
//   - Nothing blocks. Run starts the first LIST at once; retries and
//     backoffs are timers on the loop; HasSynced is a flag, not a wait.
//   - Lists are returned in a deterministic order: the order in which
//     objects entered the cache (client-go's order is a map's).
//
// Objects in the cache are shared, not copied: handlers and listers must
// treat them as read-only, as client-go requires.
package cache
