package record

import (
	"slices"
	"time"
)

// The correlator's defaults (k8s.io/client-go/tools/record/events_cache.go).
const (
	maxLruCacheEntries = 4096
	// "if we see the same event that varies only by message more than 10
	// times in a 10 minute period, aggregate the event"
	aggregateMaxEvents = 10
	aggregateInterval  = 600 * time.Second
	// "allow a source to send 25 events about an object but control the
	// refill rate to 1 new event every 5 minutes"
	spamBurst = 25
	spamQPS   = 1.0 / 300.0
)

// aggregatedPrefix is EventAggregatorByReasonMessageFunc's.
const aggregatedPrefix = "(combined from similar events): "

// correlator is client-go's EventCorrelator: aggregate, then observe
// (de-duplicate), then filter spam.
type correlator struct {
	spam       lru[bucket]
	aggregates lru[aggregateRecord]
	seen       lru[eventLog]
}

type aggregateRecord struct {
	messages []string // the local keys, sorted
	last     time.Time
}

// eventLog is what the logger remembers of an Event it wrote.
type eventLog struct {
	count    int64
	first    time.Time
	name, rv string
}

func newCorrelator() *correlator {
	return &correlator{
		spam:       lru[bucket]{max: maxLruCacheEntries},
		aggregates: lru[aggregateRecord]{max: maxLruCacheEntries},
		seen:       lru[eventLog]{max: maxLruCacheEntries},
	}
}

// correlate returns the Event to write, whether it updates an existing
// one (patch), and whether it is dropped as spam (EventCorrelate).
func (c *correlator) correlate(e *event, now time.Time) (out *event, patch, skip bool) {
	agg, key := c.aggregate(e, now)
	out, patch = c.observe(agg, key)
	if !c.allow(out.spamKey(), now) {
		return nil, false, true
	}
	return out, patch, false
}

// aggregate is EventAggregate: past the 10th distinct message in the
// interval, the Event becomes the combined one, keyed by its aggregate key.
func (c *correlator) aggregate(e *event, now time.Time) (*event, string) {
	akey := e.aggregateKey()
	rec, ok := c.aggregates.entry(akey)
	if !ok || now.Sub(rec.last) > aggregateInterval {
		*rec = aggregateRecord{}
	}
	if i, found := slices.BinarySearch(rec.messages, e.Message); !found {
		rec.messages = slices.Insert(rec.messages, i, e.Message)
	}
	rec.last = now
	if len(rec.messages) < aggregateMaxEvents {
		return e, e.key()
	}
	rec.messages = rec.messages[1:] // client-go: PopAny
	return &event{
		Name: EventName(e.Involved.Name, now), Namespace: e.Namespace,
		Involved: e.Involved, Type: e.Type, Reason: e.Reason,
		Message:   aggregatedPrefix + e.Message,
		Component: e.Component, Host: e.Host,
		First: now, Last: now, Count: 1,
	}, akey
}

// observe is eventObserve: an Event seen before takes the name, first
// timestamp and count+1 of the one written, and is patched. e is the
// recorder's own, made for this Event: it is updated in place.
func (c *correlator) observe(e *event, key string) (*event, bool) {
	last, ok := c.seen.entry(key)
	patch := ok && last.count > 0
	if patch {
		e.Name, e.ResourceVersion, e.First = last.name, last.rv, last.first
		e.Count = last.count + 1
	}
	*last = eventLog{count: e.Count, first: e.First, name: e.Name, rv: e.ResourceVersion}
	return e, patch
}

// written is UpdateState: remember e as the server stored it, under the
// name and resourceVersion the server gave it.
func (c *correlator) written(e *event, name, rv string) {
	c.seen.add(e.key(), eventLog{count: e.Count, first: e.First, name: name, rv: rv})
}

// allow is the spam filter's token bucket (flowcontrol's passive
// limiter over golang.org/x/time/rate): full at first, refilled at
// spamQPS, one token per Event.
func (c *correlator) allow(key string, now time.Time) bool {
	b, ok := c.spam.entry(key)
	if !ok {
		*b = bucket{tokens: spamBurst, at: now}
	}
	return b.take(now)
}

// bucket is one token bucket.
type bucket struct {
	tokens float64
	at     time.Time
}

func (b *bucket) take(now time.Time) bool {
	if now.After(b.at) {
		b.tokens = min(spamBurst, b.tokens+now.Sub(b.at).Seconds()*spamQPS)
		b.at = now
	}
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
