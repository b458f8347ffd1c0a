// Package apiserver is the model's kube-apiserver: replicas behind one
// endpoint, sharing one store ("etcd"), one kind registry and one cluster
// IP allocator, each serving requests through the gate pipeline and from
// its own watch caches.
//
// # Replicas and the endpoint
//
// New starts a Plane of Config.Replicas replicas, named "apiserver",
// "apiserver-2", "apiserver-3", … (their trace actors). Clients talk to the
// Endpoint (api.Endpoint): it routes each client to a replica that is up
// and keeps it there, as a connection through a load balancer is kept,
// until that replica stops; with none up, a request fails as a refused
// connection (Code 0; traced from the client to "control-plane-endpoint").
// Kill, Restart, StopAll and SetStoreAvailable are the faults `kill
// apiserver NAME`, `stop apiservers` and `break etcd`.
//
// NewStandard wires kube-apiserver's default parts (token authenticator,
// Node,RBAC authorizer, admission chain, API Priority and Fairness) over
// the plane's own storage; New alone takes them from Config, and without
// them lets every request through.
//
// # The gates
//
// Every request passes the gates of Stages in kube-apiserver's order:
// route, authenticate (401), prioritize (429), authorize (403), then for
// writes decode (400), mutating admission, validation (422), validating
// admission and persist (409, 504). Each gate records a trace event with
// its outcome, from the replica to itself (PERSIST: to "etcd", once per
// store write), so a refused write provably never reaches the store: no
// PERSIST event, the store's revision unchanged. The request itself is one
// event from the client to the replica with the API verb, recorded when it
// arrives and completed when it is answered (code, reason, message,
// resourceVersions before and after, the fields changed).
//
// Reads (get, list, watch) and non-resource requests (discovery, /version,
// health) stop after authorize and are served; connect requests (log,
// exec, attach, portforward) pass admission and are proxied to the node's
// kubelet through the NodeProxy, traced as PROXY.
//
// # Storage semantics
//
// The store's revision is every object's resourceVersion (decimal). Writes
// are compare-and-swap on it (409 Conflict with Kubernetes' message);
// generation moves on spec changes; status and scale subresources change
// only their part; Pods are deleted gracefully; finalizers and the garbage
// collector's orphan and foregroundDeletion finalizers keep objects with a
// deletionTimestamp; deleting a namespace marks it Terminating. Lists honour
// label and field selectors, limit/continue (from the store, 410 Expired
// once compacted) and resourceVersion ""/"0"/N with resourceVersionMatch;
// watches come from the watch cache (package watchcache). The store is
// compacted every 5 minutes of virtual time.
//
// # Sharing
//
// Objects in answers and in watch events are the stored ones: shared and
// immutable. Copy (DeepCopy) before changing one. Everything runs on the
// sim loop's goroutine; nothing here is safe for concurrent use.
//
// # Simplifications
//
// Requests are answered at the instant they arrive (a request that would
// wait 60 s for an unreachable etcd gets its 504 at once; APF queueing
// time is only recorded). Custom resources are served in their storage
// version only. PodDisruptionBudgets are not modelled (evictions always
// proceed). Create-on-update (PUT of a missing Lease or RBAC object) is not
// modelled: the answer is 404. Server-side apply, managedFields, the table
// output and protobuf are not modelled.
package apiserver
