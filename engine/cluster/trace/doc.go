// Package trace records what happens in a model run as typed events, and
// answers questions about them.
//
// An [Event] is one interaction or decision: an API call and each gate it
// passes, a watch delivery, a controller's reconcile, a node-local call, a
// data-plane request, a fault. Every field a claim or a renderer may ask
// about is a typed field (the verb, the outcome's status code and reason,
// the watch event type); Detail is for free notes nobody queries.
//
// A [Log] numbers events in the order they are appended (Seq, from 0), and
// its [Query] filters them by predicates: actor, verb, resource and object
// patterns with "*" wildcards, outcome. The JSON form ([Log.WriteJSON]) has
// a fixed field order and omits empty fields, one event per line, and reads
// back ([ReadJSON]) to the same log.
package trace
