// Package conversations holds the end-to-end runs of the source course's
// extension conversations (13–26): admission webhooks, logs and exec,
// ConfigMaps and Secrets, Pods as API clients, autoscaling behind an
// aggregated API, storage, load balancers, Gateway routes and Operators.
// Each runs from one shared fixture (two workers in zones a and b,
// namespace demo, users alice and bob) plus the objects that turn its
// extension actors on, and is checked against a golden trace. The package
// has no code of its own: the tests are the point.
package conversations
