package conversations_test

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// apiClient reports whether ev is a request by a client of the API (not
// an API server's own gates or calls).
func apiClient(ev *trace.Event) bool {
	return ev.Verb.Kind() == trace.KindAPI && !isAPIServer(ev.From) && ev.Verb != trace.Notify
}

// isAPIServer reports whether a is an API server replica.
func isAPIServer(a trace.Actor) bool {
	return a == trace.APIServer || strings.HasPrefix(string(a), string(trace.APIServer)+"-")
}

// streamKey names one informer: its actor and resource.
type streamKey struct {
	actor    trace.Actor
	resource string
}

// resync is how informers came back after an outage.
type resync struct {
	// expired were told 410 Expired on a watch; relisted listed after
	// that; listed listed at all; resumed watched again without listing
	// and were not told 410.
	expired, relisted, listed, resumed map[streamKey]bool
}

// resyncs reads how each informer came back from index from of log.
func resyncs(log *trace.Log, from int) resync {
	r := resync{expired: map[streamKey]bool{}, relisted: map[streamKey]bool{}, listed: map[streamKey]bool{}, resumed: map[streamKey]bool{}}
	watched := map[streamKey]bool{}
	for i := from; i < log.Len(); i++ {
		ev := log.At(i)
		switch {
		case ev.Verb == trace.Notify && ev.WatchType == trace.Error && ev.Outcome.Code == 410:
			r.expired[streamKey{ev.To, ev.Resource}] = true
		case ev.Verb == trace.List && apiClient(ev) && ev.Outcome.Code == 200:
			k := streamKey{ev.From, ev.Resource}
			r.listed[k] = true
			if r.expired[k] {
				r.relisted[k] = true
			}
		case ev.Verb == trace.Watch && apiClient(ev) && ev.Outcome.Code == 200:
			if k := (streamKey{ev.From, ev.Resource}); !r.listed[k] {
				watched[k] = true
			}
		}
	}
	for k := range watched {
		if !r.expired[k] {
			r.resumed[k] = true
		}
	}
	return r
}
