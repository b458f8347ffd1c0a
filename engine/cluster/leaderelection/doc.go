// Package leaderelection is client-go's tools/leaderelection with its
// LeaseLock, on the model's loop: candidates for one coordination.k8s.io/v1
// Lease (kube-system/kube-controller-manager, kube-system/kube-scheduler)
// take turns at being the one that acts.
//
// It behaves as k8s.io/client-go/tools/leaderelection/leaderelection.go
// (v0.37) does:
//
//   - A candidate tries to acquire the Lease at once, then every RetryPeriod
//     jittered by JitterFactor (wait.JitterUntil with sliding=true: the
//     next try is [2 s, 4.4 s) after the previous one ended).
//   - Each try (tryAcquireOrRenew) GETs the Lease, or CREATEs it when it is
//     missing. A candidate that holds the Lease by its last observation
//     first tries a plain UPDATE of what it last wrote (the fast path).
//   - The validity of someone else's Lease is judged from when this
//     candidate last OBSERVED the record change (observedTime), never from
//     the renewTime written in it: clocks of other machines are not
//     trusted. A Lease held by another is taken over on the first try at or
//     after observedTime + leaseDurationSeconds.
//   - Taking the Lease over from another holder increments
//     spec.leaseTransitions; the holder keeps acquireTime and the count.
//   - The leader renews at once after acquiring, then every RetryPeriod
//     (wait.Until, no jitter). A renewal is a poll: tries every
//     RetryPeriod until one succeeds or RenewDeadline has passed since the
//     poll began (wait.PollUntilContextTimeout, immediate); the try due at
//     the deadline loses to it. Then the leader stops leading
//     (OnStoppedLeading), as when the API server is unreachable.
//   - ReleaseOnCancel is off by default (kube-controller-manager enables it
//     only behind the alpha ControllerManagerReleaseLeaderElectionLockOnExit
//     gate, default false; k8s.io/controller-manager/pkg/features): a
//     stopped or killed leader leaves its Lease to expire.
//
// Coordinated leader election (the beta CoordinatedLeaderElection gate,
// default off in v1.37, pkg/features/kube_features.go) is not modelled.
//
// Every try is visible as the GET, CREATE and UPDATE calls of the
// candidate's client. Changes of outcome are ELECT events from the
// candidate on the Lease (see trace.go): this candidate became leader, it
// stopped leading, or it observed a new leader. Renewals are not ELECT
// events; their UPDATE calls show them.
//
// Nothing here reads the wall clock or starts a goroutine: tries are timers
// on the loop, jitter comes from the client's seeded generator, and the
// callbacks run on the loop during the event that caused them.
package leaderelection
