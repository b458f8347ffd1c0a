// Package env is what every actor of the model is given: the event loop,
// the trace, the one seeded random source, the kind registry, the API
// endpoint, and the timings the actors follow. An actor gets a client for
// its own identity from Env and nothing else: no actor holds a reference to
// another.
package env
