// Package kubelet is the node agent of the model: one Kubelet per Node,
// the actor "kubelet/NODE", authenticated as system:node:NODE. It
// coordinates only through the API server, with its own client, and
// through the declared node-local interface to its container runtime
// (engine/cluster/runtime, which calls the CNI plugin inside
// RunPodSandbox). It never touches another Node's objects and holds no
// reference to another actor.
//
// What it does, each piece following pkg/kubelet of Kubernetes v1.37 (the
// file is named beside each value in the code):
//
//   - Node: registers the Node 100 ms after start (capacity from the
//     fixture, allocatable minus the default hard-eviction thresholds,
//     addresses, nodeInfo, the kubelet's labels, the conditions
//     MemoryPressure, DiskPressure, PIDPressure False and Ready True with
//     their reasons and messages), then every 10 s computes the status and
//     PATCHes nodes/status when it changed or when 5 minutes (plus a random
//     delay drawn after each change) have passed (node_status.go).
//   - Lease: creates and renews the Node's Lease in kube-node-lease every
//     10 s, duration 40 s, owned by the Node (lease.go).
//   - Pods: watches the Pods bound to the node (fieldSelector
//     spec.nodeName=NODE), admits each (resources, nodeSelector), reads the
//     ConfigMaps and Secrets it references, creates its sandbox, pulls its
//     images (pull policy, one pull at a time, back-off 10 s to 300 s),
//     creates and starts its init containers then its containers, probes
//     them (startup, readiness, liveness), restarts them per restartPolicy
//     with the crash-loop back-off (immediately the first time, then 10 s
//     doubling to 300 s, reset after 10 minutes of running), and reports
//     the Pod's status: phase, conditions, container statuses, IPs, start
//     time, QoS class.
//   - Volumes: at each periodic sync of a running Pod (1 to 1.5 minutes
//     apart) its ConfigMap, Secret, projected and downward API volumes are
//     set up again and the files that changed are rewritten, which the
//     container sees at once — a SYNC event of the kubelet for the Pod;
//     subPath mounts and environment variables keep the values the
//     container started with (remount.go).
//   - Status: each new status is sent at once with a GET of the Pod and a
//     strategic-merge PATCH of pods/status carrying the changed fields and
//     the Pod's UID, and sent again every 10 s while the API server does
//     not take it (status_manager.go).
//   - Termination: a Pod with a deletionTimestamp is stopped — preStop hook,
//     StopContainer with the grace period, sandbox stopped — its terminal
//     phase reported, then it is deleted with gracePeriodSeconds 0 and a
//     UID precondition.
//   - Serving: logs, exec, attach and port-forward for the API server,
//     through a Registry that implements apiserver.NodeProxy; a node that
//     is down does not answer ("dial tcp …: connect: no route to host").
//   - Faults: Stop powers the node off (the kubelet and everything in the
//     runtime end; its Pod IPs leave the network); Start boots it again: the
//     Node is registered again (it exists), the Lease renewed, and the Pods
//     still bound to the node run again in new sandboxes, their restart
//     counts one higher.
//
// The kubelet's sync loop runs on a one-second grid (PLEG relist and the
// sync ticker): a container event is seen at the next relist, and a sync
// asked for while a Pod's step (a pull, a start, a termination) is in
// flight runs at the tick after it.
//
// Simplifications, each named where it is made: ConfigMaps and Secrets
// are read with GET when a Pod starts and at each remount (the Get
// change-detection strategy, not the default Watch); projected ServiceAccount
// tokens come from a TokenSource (none by default: the files are empty);
// Kubernetes Events (Pulling, Started, Killing, BackOff…) are not written;
// service links and $(VAR) expansion are not modelled; probes answer at
// once (no timeoutSeconds); sidecar init containers, readiness gates and
// in-place resize are not modelled; the status manager's batch sync only
// resends statuses the API server did not take (its reconciliation of a
// status someone else changed is not modelled), and of the pod workers'
// one-minute resync only the volume remount is modelled, since every other
// change reaches a worker as an event.
package kubelet
