// Package scheduler is kube-scheduler (v1.37) as an actor of the model: it
// watches Nodes and Pods through its own client, keeps a cache of the
// nodes and of the Pods placed on them (assumed ones included), queues the
// Pods that name the default-scheduler and have no node, and, while it
// holds the leader lease, takes them one at a time through the scheduling
// framework of package framework with the default profile of package
// plugins: PreFilter and Filter on as many nodes as percentageOfNodesToScore
// asks for, PreScore and Score with the default weights, a random pick among
// equal top scores, the assume, and the binding through POST pods/binding.
// A Pod that fits nowhere gets Kubernetes' FitError message — in the
// PodScheduled=False condition (reason Unschedulable) it PATCHes into
// pods/status and in a FailedScheduling Event — and waits in the queue
// until an event its rejecting plugins care about, or the 5-minute flush,
// lets it try again. A bound Pod gets a Scheduled Event ("Successfully
// assigned demo/web-x to worker-a").
//
// Every attempt is in the trace as a FILTER event (how many nodes were
// evaluated, which fit, each other node's reason; on failure the outcome
// Unschedulable with the filter message) and, when more than one node fits,
// a SCORE event (each node's total, the winner's per-plugin breakdown); the
// API calls that follow are traced by the API server.
//
// The scheduler talks to nothing but the API server. Like kube-scheduler
// it starts its informers, then campaigns for the kube-system/kube-scheduler
// Lease (package leaderelection, 15 s lease, 10 s renew deadline, 2 s
// retry) and schedules only while it leads, so a standby replica keeps warm
// caches and takes over when the leader's Lease runs out. A replica that
// loses its Lease exits, as kube-scheduler does, and the model restarts it
// at once, cold and with a new identity. DisableLeaderElection is
// --leader-elect=false.
//
// Simplifications, each named where it is made: a scheduling cycle and its
// binding run within one loop event and take no virtual time (Kubernetes
// binds on a goroutine; an API answer that asks for a retry continues the
// binding later on the loop, as client-go's retry would); the scheduler
// reads its cache directly instead of a per-cycle snapshot; Events are
// written as core/v1 Events (the model does not serve events.k8s.io), with
// the fields kube-scheduler's events.k8s.io recorder sets and its series
// aggregation; plugins of the default profile that the model does not run
// are listed in package plugins.
package scheduler
