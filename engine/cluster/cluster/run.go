package cluster

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Start starts every actor in assembly order: controller managers,
// schedulers, then per Node its kubelet and kube-proxy. Starting twice
// does nothing.
func (c *Cluster) Start() {
	if c.started {
		return
	}
	c.started = true
	for _, a := range c.actors {
		a.Start()
	}
}

// RunFor lets d of virtual time pass.
func (c *Cluster) RunFor(d time.Duration) { c.env.Loop.RunFor(d) }

// RunUntil runs until cond holds, for at most limit of virtual time, and
// reports whether it held (see sim.Loop.RunUntil).
func (c *Cluster) RunUntil(cond func() bool, limit time.Duration) bool {
	return c.env.Loop.RunUntil(cond, limit)
}

// SummarizeChanges makes the writes from now on carry the summary of
// what they change in their objects, after a boot left unread
// (Config.UnreadBoot).
func (c *Cluster) SummarizeChanges() { c.plane.SummarizeChanges() }

// Settle runs until the cluster is quiet for the quiet period and no
// kubelet is busy, for at most limit of virtual time, and reports whether
// it settled. Quiet means no trace event that is activity (see Activity)
// since the last one. Busy means work in flight whose end will show with
// nothing else happening (see kubelet.Kubelet.Busy): an image pull, a
// container starting, stopping or not yet listening, a probe still to
// give its first result, to see a process that began to listen, or
// heading for a threshold. The clock stops at the first event at least a
// quiet period after the last activity at which no kubelet is busy.
func (c *Cluster) Settle(limit time.Duration) bool {
	log, loop, quiet := c.env.Log, c.env.Loop, c.cfg.QuietPeriod
	seen := log.Len()
	last := loop.Now()
	return loop.RunUntil(func() bool {
		for ; seen < log.Len(); seen++ {
			if ev := log.At(seen); Activity(ev) {
				last = ev.Time
			}
		}
		return loop.Now().Sub(last) >= quiet && !c.busy()
	}, limit)
}

// busy reports whether a kubelet is busy (see Settle).
func (c *Cluster) busy() bool {
	for _, n := range c.nodes {
		if n.Kubelet.Busy() {
			return true
		}
	}
	return false
}

// Activity reports whether a trace event is a sign that the cluster is
// still converging: an API write (any outcome), a node-local call, a rules
// sync, a data-plane request or a fault. Heartbeats are not: Lease writes,
// kubelets' Node status posts, reads, watches and their deliveries, gate events,
// probes, and the decisions of leader election. Nor is housekeeping: the
// kubelet's garbage collection of a deleted Pod's containers and sandbox
// (RemoveContainer, RemovePodSandbox), which waits for the next tick of
// its one-minute grid and changes nothing in the API.
func Activity(ev *trace.Event) bool {
	switch ev.Verb.Kind() {
	case trace.KindAPI:
		if !writeVerb(ev.Verb) {
			return false
		}
		if ev.Resource == "leases" || (ev.Resource == "nodes" && ev.Subresource == "status" && strings.HasPrefix(string(ev.From), "kubelet/")) {
			return false
		}
		return true
	case trace.KindGate, trace.KindNotify, trace.KindDecision:
		return false
	}
	switch ev.Verb {
	case trace.Probe, trace.CRIRemoveContainer, trace.CRIRemovePodSandbox:
		return false
	}
	return true
}

// writeVerb reports whether v changes state.
func writeVerb(v trace.Verb) bool {
	switch v {
	case trace.Create, trace.Update, trace.Patch, trace.Delete, trace.DeleteCollection:
		return true
	}
	return false
}

// Now is the current virtual instant.
func (c *Cluster) Now() sim.Time { return c.env.Loop.Now() }
