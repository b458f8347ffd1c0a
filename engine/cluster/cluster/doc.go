// Package cluster assembles a whole model of a Kubernetes cluster from a
// typed Config, the Go form of a lesson fixture: a control plane of API
// server replicas over one store, kube-controller-manager and kube-scheduler
// replicas (leader-elected), and per Node a kubelet, its container runtime
// and its kube-proxy, all on one sim.Loop with one trace and one seeded
// generator.
//
// # Assembly
//
// New builds the parts and writes the objects kubeadm would have written
// (see Bootstrap), then the fixture's objects, all as the cluster admin
// kubernetes-admin (system:masters), before any actor starts. Start starts
// the actors, in a fixed order: controller managers, schedulers, then per
// Node the kubelet and its proxy. Nothing else happens outside the loop.
//
// Identities are kubeadm's: the controller manager and the scheduler
// authenticate as system:kube-controller-manager and system:kube-scheduler,
// each controller as its ServiceAccount in kube-system
// (--use-service-account-credentials), each kubelet as system:node:NAME,
// each kube-proxy as ServiceAccount kube-system/kube-proxy bound to
// system:node-proxier. Fixture users authenticate with their tokens and act
// under their own name in the trace.
//
// # Running
//
// RunFor lets virtual time pass; RunUntil runs until a condition holds;
// Settle runs until the cluster is quiet: no API write other than a
// heartbeat (Lease renewals, Node status posts) and no node-local or
// data-plane activity for QuietPeriod (15 s by default) of virtual time,
// and no kubelet has work in flight (a pull, a container starting or
// stopping, a probe with more to say).
//
// # Simplifications
//
// A Node's taints from the fixture are written on a Node object the admin
// creates before its kubelet registers (the kubelet model has no
// --register-with-taints); the kubelet then finds its Node and keeps it.
// Webhook backends are reached through a Caller the cluster owns; with no
// webhook actor in the fixture every call is "no endpoints available".
package cluster
