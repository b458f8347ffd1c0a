// Package client is how an actor talks to the API server: an identity (the
// actor's name for the trace, a bearer token for authentication), the
// endpoint, the event loop, and typed helpers that build requests with the
// paths client-go's REST client builds.
//
// Calls are synchronous, as the endpoint's are: Get, Create, … return the
// server's answer at the virtual instant they are made. [Client.DoRetry]
// adds client-go's retries: an answer with a Retry-After header (429 from
// API Priority and Fairness, some 5xx) is sent again after the wait, on
// the loop, without blocking anything.
//
// Informers and the work queue are built on this package in
// [github.com/loopbook/loopbook/engine/cluster/client/cache] and
// [github.com/loopbook/loopbook/engine/cluster/client/workqueue].
//
// Simplifications, each named where it is made: no client-side QPS
// throttling (client-go's default 5 QPS, burst 10 token bucket); a
// connection refused is not retried by DoRetry, as client-go's REST client
// does not retry it either (informers back off and retry, see cache).
package client
