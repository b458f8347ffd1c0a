package conversations_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// leaderLeases are the leader-election Leases in kube-system.
var leaderLeases = []string{"kube-controller-manager", "kube-scheduler"}

// lease returns the holder and renew time of Lease kube-system/name.
func lease(c *cluster.Cluster, name string) (holder, renewed string) {
	l := stored(c, "coordination.k8s.io", "Lease", "kube-system", name)
	return l.GetString(".spec.holderIdentity"), l.GetString(".spec.renewTime")
}

// Conversation 26: three API servers behind one endpoint, two replicas
// each of the controller manager and the scheduler. One API server is
// killed: its clients' watches end and their next requests go to the
// other replicas, where the watch caches still hold their
// resourceVersions, so watches resume without a relist; the leaders keep
// renewing their Leases (no new leader), writes keep being accepted and
// the Pods keep serving.
func TestHAAPIServerKilled(t *testing.T) {
	cfg := fixture(t, 26, "")
	cfg.APIServers, cfg.ControllerManagers, cfg.Schedulers = 3, 2, 2
	c := serving(t, cfg)
	pods := podUIDs(t, c)
	holders, renewed := map[string]string{}, map[string]string{}
	for _, n := range leaderLeases {
		holders[n], renewed[n] = lease(c, n)
	}
	onKilled := map[trace.Actor]bool{} // the clients the endpoint gave apiserver-2
	for ev := range c.Trace().All() {
		if apiClient(ev) {
			onKilled[ev.From] = ev.To == "apiserver-2"
		}
	}
	mark := c.Trace().Len()
	must(t, c, false, "kill apiserver apiserver-2")
	c.RunFor(30 * time.Second)
	if n := served(c, 3); n != 3 {
		t.Errorf("%d of 3 requests served with apiserver-2 killed", n)
	}
	apply(t, c, "alice", configMap("while-degraded", "ha"))
	c.RunFor(time.Minute)

	moved := 0
	for i := mark; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		switch {
		case ev.Verb == trace.Fault:
		case ev.To == "apiserver-2" || ev.Outcome.Reason == apiserver.ReasonConnectionRefused:
			t.Errorf("%s %s %s %s → %s %s after the kill", ev.Time, ev.From, ev.Verb, ev.Resource, ev.To, ev.Outcome.Reason)
		case ev.Verb == trace.Elect && ev.Outcome.Reason != "":
			t.Errorf("%s %s: %s %s", ev.Time, ev.From, ev.Outcome.Reason, ev.Outcome.Message)
		case apiClient(ev) && onKilled[ev.From]:
			onKilled[ev.From] = false
			moved++
		}
	}
	if moved < 3 {
		t.Errorf("%d clients of apiserver-2 reached another replica, want at least 3", moved)
	}
	r := resyncs(c.Trace(), mark)
	if len(r.expired) != 0 || len(r.resumed) == 0 {
		t.Errorf("%d watches expired, %d resumed; want none expired, some resumed", len(r.expired), len(r.resumed))
	}
	for _, n := range leaderLeases {
		h, rt := lease(c, n)
		if h != holders[n] || rt == renewed[n] {
			t.Errorf("Lease %s: holder %s renewed %s, want %s still renewing after %s", n, h, rt, holders[n], renewed[n])
		}
	}
	if got := podUIDs(t, c); !sameMap(got, pods) {
		t.Errorf("Pods %v, want the same %v", got, pods)
	}

	golden(t, "apiserver-ha.txt", tableRange(c.Trace(), mark, failoverEnd(c, mark), failoverStory))
}

// failoverEnd is the index of the first event 3 s after index mark: long
// enough to see every watch re-established and a round of renewals.
func failoverEnd(c *cluster.Cluster, mark int) int {
	end := c.Trace().At(mark).Time.Add(3 * time.Second)
	for i := mark; i < c.Trace().Len(); i++ {
		if c.Trace().At(i).Time >= end {
			return i
		}
	}
	return c.Trace().Len()
}

// failoverStory keeps the fault, leader elections, and the clients' watch
// reconnections and Lease calls for the resources the data path and
// leader election depend on.
func failoverStory(ev *trace.Event) bool {
	switch {
	case ev.Verb == trace.Fault || ev.Verb == trace.Elect:
		return true
	case !apiClient(ev):
		return false
	case ev.Resource == "leases":
		return ev.Namespace == "kube-system"
	}
	return ev.Resource == "pods" || ev.Resource == "nodes" || ev.Resource == "services" || ev.Resource == "endpointslices"
}
