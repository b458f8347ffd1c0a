// Package cluster is an executable model of Kubernetes coordination: a small
// Kubernetes that runs in memory, in which things happen because independent
// actors observe API state and act on it.
//
// The model lives in subpackages, one concept each:
//
//	sim        virtual time, the event loop ordered by (time, sequence), seeded randomness
//	object     generic API objects, the kind registry, defaulting and validation
//	store      the etcd-like MVCC store: revisions, history, compaction, watches
//	trace      typed trace events and queries over them
//
// with the API server, authentication and authorization, admission, clients
// and informers, controllers, the scheduler, kubelets, runtimes, service
// proxies, providers and faults built on them. Nothing here knows about
// Markdown or HTML, and nothing imports other parts of the engine.
//
// Rules every package here keeps:
//
//   - Deterministic. One goroutine drives a run. Time is virtual and moves
//     only through the sim loop; randomness comes only from the run's seeded
//     sim.Rand; maps are never iterated where order could leak (keys are
//     sorted). The same scenario and seed give the same trace, byte for
//     byte. A test walks these packages and fails on wall-clock reads,
//     real timers, global math/rand, crypto/rand and go statements.
//   - Coordination only through the API. An actor is given a client and
//     nothing else; controllers, the scheduler and kubelets never hold a
//     reference to one another. The exceptions (API server to kubelet,
//     webhook or aggregated API server; kubelet to its node's runtime, CNI
//     and CSI plugin; service proxy to its node's rules; provider
//     controllers to their provider) are declared interfaces, and traced.
//   - No package-level mutable state: two runs in one process never
//     interact.
package cluster
