package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Conversation 25: every API server stops for three minutes. Pods keep
// serving through the nodes' rules the whole time; API requests are
// refused, so nothing is written to the store; leaders lose their Leases.
// When serving returns, the clients reconnect. A restarted API server's
// watch cache starts at the store's current revision, so a watch from an
// older resourceVersion is told 410 Expired ("too old resource version")
// and its informer lists again; the cluster converges on the same Pods.
func TestAPIServersStopped(t *testing.T) {
	c := serving(t, fixture(t, 25, ""))
	pods := podUIDs(t, c)
	rev := c.Store().Rev()
	mark := c.Trace().Len()
	must(t, c, false, "stop apiservers")
	for minute := 1; minute <= 3; minute++ {
		c.RunFor(time.Minute)
		if n := served(c, 3); n != 3 {
			t.Errorf("minute %d of the outage: %d of 3 requests served", minute, n)
		}
	}
	err := create(t, c, "alice", configMap("during-outage", "outage"))
	if err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("create during the outage: %v, want connection refused", err)
	}
	if got := c.Store().Rev(); got != rev {
		t.Errorf("store revision moved from %d to %d during the outage", rev, got)
	}
	for i := mark; i < c.Trace().Len(); i++ {
		if ev := c.Trace().At(i); ev.Verb == trace.Persist || apiClient(ev) && !ev.Outcome.Failed() {
			t.Errorf("%s %s %s %s reached an API server during the outage", ev.Time, ev.From, ev.Verb, ev.Resource)
		}
	}
	back := c.Trace().Len()
	must(t, c, true, "stop apiservers")
	// Reflectors back off up to 30 s (jittered to 60 s) between failed
	// attempts (client-go tools/cache/reflector.go,
	// NewReflectorWithOptions), so two minutes see every one back.
	c.RunFor(2 * time.Minute)
	if !c.Settle(5 * time.Minute) {
		t.Fatal("no settle after the API servers came back")
	}
	r := resyncs(c.Trace(), back)
	if len(r.expired) == 0 {
		t.Error("no watch got 410 Expired from the restarted watch caches")
	}
	for k := range r.expired {
		if !r.relisted[k] {
			t.Errorf("%s's %s watch got 410 Expired and never listed again", k.actor, k.resource)
		}
	}
	for _, k := range []streamKey{{"kubelet/worker-a", "pods"}, {"kubelet/worker-b", "pods"}, {"scheduler", "pods"}, {"proxy/worker-a", "endpointslices"}} {
		if !r.listed[k] && !r.resumed[k] {
			t.Errorf("%s's %s informer neither resumed nor listed again", k.actor, k.resource)
		}
	}
	if got := podUIDs(t, c); !sameMap(got, pods) || readyReplicas(c) != 3 {
		t.Errorf("after the outage Pods %v (%d ready), want the same %v, all ready", got, readyReplicas(c), pods)
	}
	apply(t, c, "alice", configMap("after-outage", "outage"))

	golden(t, "apiservers-stopped.txt", table(c.Trace(), mark, outageStory()))
}

// outageStory keeps what a reader of conversation 25 follows: the fault
// and its restore, each client's first refused request, the traffic,
// leader elections, and after the restore the informers' LISTs, WATCHes
// and 410s for the resources the data path depends on.
func outageStory() func(*trace.Event) bool {
	refused := map[trace.Actor]bool{}
	restored := false
	followed := map[string]bool{"pods": true, "nodes": true, "services": true, "endpointslices": true}
	return func(ev *trace.Event) bool {
		switch {
		case ev.Verb == trace.Fault || ev.Verb == trace.Restore:
			restored = ev.Verb == trace.Restore
			return true
		case ev.Verb == trace.HTTP || ev.Verb == trace.Elect:
			return true
		case ev.Outcome.Reason == apiserver.ReasonConnectionRefused:
			first := !refused[ev.From]
			refused[ev.From] = true
			return first
		case !restored:
			return false
		case ev.Verb == trace.Notify:
			return ev.WatchType == trace.Error && followed[ev.Resource]
		case ev.Verb == trace.List || ev.Verb == trace.Watch:
			return apiClient(ev) && followed[ev.Resource]
		}
		return false
	}
}
