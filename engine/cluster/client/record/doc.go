// Package record writes core/v1 Events as client-go's event recorder does
// (k8s.io/client-go/tools/record): an Event names the object it is about
// (involvedObject), carries a type (Normal or Warning), a reason and a
// message, and is sent through the recording component's own client.
//
// Before an Event is written it passes client-go's EventCorrelator
// (tools/record/events_cache.go), with its defaults:
//
//   - aggregation: the 10th distinct message of one reason about one object
//     within 10 minutes, and every one after it, becomes a single Event
//     "(combined from similar events): MESSAGE";
//   - de-duplication: an Event seen before (same object, type, reason and
//     message) is not created again: the existing one is PATCHed with a
//     higher count and a new lastTimestamp;
//   - spam filtering: one source may write 25 Events about one object at
//     once, then one more every 5 minutes; the rest are dropped.
//
// Differences from client-go, each forced by the model: Events are written
// at once, on the loop, instead of through a broadcaster goroutine; an
// Event's name (OBJECT.HEXNANOS) uses virtual time, and two Events recorded
// at one virtual instant are one nanosecond apart, as two calls never share
// a wall-clock nanosecond; the aggregator forgets the lexically smallest
// message when it is full, where client-go forgets an arbitrary one.
package record
