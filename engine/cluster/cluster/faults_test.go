package cluster_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// firstAfter is the time of the first event from mark matching all preds
// and keep, or -1.
func firstAfter(c *cluster.Cluster, mark int, keep func(*trace.Event) bool) time.Duration {
	for i := mark; i < c.Trace().Len(); i++ {
		if ev := c.Trace().At(i); keep(ev) {
			return ev.Time.Duration()
		}
	}
	return -1
}

// Node failure with Kubernetes' default timings: the kubelet stops, the
// node lifecycle controller marks the Node Unknown after the 50 s grace
// period, taints it unreachable, the Pods' 300 s tolerations run out,
// they are evicted and replaced on the healthy Node.
func TestNodeFailure(t *testing.T) {
	c := withWeb(t, 7, 2)
	mark := c.Trace().Len()
	must(t, c, false, "kill node worker-b")
	t0 := c.Now().Duration()
	if !c.RunUntil(func() bool {
		n := 0
		for _, p := range list(t, c, "", "Pod", "demo", "app=web") {
			if p.GetString(".spec.nodeName") == "worker-a" && p.GetString(`.status.conditions[type=Ready].status`) == "True" {
				n++
			}
		}
		return n == 2
	}, 10*time.Minute) {
		t.Fatal("no replacement on worker-a")
	}
	unknown := firstAfter(c, mark, func(ev *trace.Event) bool {
		return ev.From == "node-lifecycle-controller" && ev.Resource == "nodes" && ev.Subresource == "status" && ev.Name == "worker-b" && ev.Outcome.Code == 200
	}) - t0
	taint := firstAfter(c, mark, func(ev *trace.Event) bool {
		return ev.From == "node-lifecycle-controller" && ev.Resource == "nodes" && ev.Subresource == "" && ev.Name == "worker-b" && ev.Outcome.Code == 200
	}) - t0
	evict := firstAfter(c, mark, func(ev *trace.Event) bool {
		return ev.From == "taint-eviction-controller" && ev.Verb == trace.Delete && ev.Resource == "pods"
	}) - t0
	t.Logf("Unknown at +%s, taint at +%s, eviction at +%s", unknown, taint, evict)
	if unknown < 50*time.Second || unknown > 60*time.Second {
		t.Errorf("Ready=Unknown at +%s, want within [50s, 60s]", unknown)
	}
	if taint < unknown || taint > unknown+5*time.Second {
		t.Errorf("unreachable taint at +%s, want right after Unknown (+%s)", taint, unknown)
	}
	if d := evict - taint; d < 300*time.Second || d > 306*time.Second {
		t.Errorf("eviction %s after the taint, want 300 s (+ the controller's tick)", d)
	}
	keep := func(ev *trace.Event) bool {
		return story(ev) && !strings.HasPrefix(string(ev.From), "kubelet/worker-a") && ev.Resource != "deployments" && ev.Resource != "replicasets"
	}
	golden(t, "node-failure.txt", table(c.Trace(), mark, keep))
	must(t, c, true, "kill node worker-b")
	if !c.Settle(10 * time.Minute) {
		t.Error("no settle after the node came back")
	}
}

// Controller-manager failover: with two replicas, killing the leader
// lets the standby acquire the Lease once it expires, and it reconciles.
func TestControllerManagerFailover(t *testing.T) {
	cfg := twoWorkers(8)
	cfg.ControllerManagers = 2
	c := started(t, cfg)
	ms := c.ControllerManagers()
	if !ms[0].Leading() || ms[1].Leading() {
		t.Fatalf("leading: %v %v, want the first", ms[0].Leading(), ms[1].Leading())
	}
	mark := c.Trace().Len()
	must(t, c, false, "kill controller-manager")
	t0 := c.Now()
	apply(t, c, "alice", deploymentYAML(2, "web:v1"))
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 2 }, 2*time.Minute) {
		t.Fatal("standby did not take over")
	}
	took := firstAfter(c, mark, func(ev *trace.Event) bool {
		return ev.From == "controller-manager-2" && ev.Verb == trace.Elect && strings.Contains(ev.Detail+ev.Outcome.Reason, "cquire")
	})
	t.Logf("takeover at %s (killed at %s)", took, t0)
	if !ms[1].Leading() {
		t.Error("controller-manager-2 not leading")
	}
	// The Lease expires 15 s after the leader's last renewal, which came
	// up to one jittered retry period (2 s·(1+1.2)) before the kill.
	d := took - t0.Duration()
	if took < 0 || d < 15*time.Second-4400*time.Millisecond || d > 15*time.Second+5*time.Second {
		t.Errorf("takeover %s after the kill, want 15 s after the last renewal (within 2 s·(1+1.2) of the kill)", d)
	}
	keep := func(ev *trace.Event) bool {
		return (ev.Verb == trace.Elect || ev.Verb.Kind() == trace.KindFault) || (story(ev) && ev.From == "deployment-controller" && ev.Resource == "replicasets")
	}
	golden(t, "cm-failover.txt", table(c.Trace(), mark, keep))
}

// CrashLoopBackOff: a container that exits at once is restarted after
// 10 s, 20 s, 40 s, 80 s, 160 s, then every 300 s.
func TestCrashLoopBackOff(t *testing.T) {
	cfg := twoWorkers(9)
	c := started(t, cfg)
	apply(t, c, "alice", `apiVersion: v1
kind: Pod
metadata: {name: crasher, namespace: demo}
spec: {containers: [{name: app, image: "crasher:v1"}]}
`)
	c.RunFor(15 * time.Minute)
	var starts []time.Duration
	for ev := range c.Trace().Query(trace.Verbs(trace.CRIStartContainer), trace.Object("demo/crasher")).All() {
		starts = append(starts, ev.Time.Duration())
	}
	// kubelet back-off (pkg/kubelet/kuberuntime, doBackOff): the first
	// restart is immediate, then 10 s doubling to 300 s, counted from the
	// exit. The pod worker requeues the Pod for the back-off's end, capped
	// at the resync interval (1 min), with wait.Jitter(d, 0.5)
	// (pkg/kubelet/pod_workers.go, completeWork): the restart may come up
	// to half of the last wait (at most 30 s) late. The gap between starts
	// also holds the container's 1 s run, the PLEG relist that sees it exit
	// and the sync loop's tick (1 s each).
	backoffs := []time.Duration{0, 10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second, 160 * time.Second, 300 * time.Second}
	if len(starts) < len(backoffs)+1 {
		t.Fatalf("%d starts, want at least %d", len(starts), len(backoffs)+1)
	}
	var gaps []string
	for i, b := range backoffs {
		gap := starts[i+1] - starts[i]
		gaps = append(gaps, gap.Round(time.Second).String())
		if late := min(b, time.Minute)/2 + 3*time.Second; gap < b || gap > b+late {
			t.Errorf("restart %d came %s after the previous start, want back-off %s plus at most %s", i+1, gap, b, late)
		}
	}
	golden(t, "crashloop.txt", table(c.Trace(), 0, func(ev *trace.Event) bool {
		return ev.Name == "crasher" && (ev.Verb.Kind() == trace.KindNodeLocal)
	})+"gaps: "+strings.Join(gaps, " ")+"\n")
	p := get(c, "", "Pod", "demo", "crasher")
	if r := p.GetString(`.status.containerStatuses[0].state.waiting.reason`); r != "CrashLoopBackOff" {
		t.Errorf("waiting reason %q", r)
	}
}

// A Service's endpoints follow readiness: a crashed container's Pod leaves
// the ready endpoints and comes back when it is ready again.
func TestEndpointsFollowReadiness(t *testing.T) {
	c := withWeb(t, 10, 2)
	apply(t, c, "alice", "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: demo}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n")
	c.Settle(5 * time.Minute)
	ready := func() int {
		n := 0
		for _, s := range list(t, c, "discovery.k8s.io", "EndpointSlice", "demo", "kubernetes.io/service-name=web") {
			eps, _ := s.Content["endpoints"].([]any)
			for _, e := range eps {
				if r, _, _ := objGet(e, "conditions", "ready"); r == true {
					n++
				}
			}
		}
		return n
	}
	if ready() != 2 {
		t.Fatalf("%d ready endpoints, want 2", ready())
	}
	pod := list(t, c, "", "Pod", "demo", "app=web")[0]
	mark := c.Trace().Len()
	must(t, c, false, "crash container demo/"+pod.Meta.Name)
	if !c.RunUntil(func() bool { return ready() == 1 }, time.Minute) {
		t.Fatal("endpoint still ready after the crash")
	}
	if !c.RunUntil(func() bool { return ready() == 2 }, 2*time.Minute) {
		t.Fatal("endpoint not ready again")
	}
	if got := get(c, "", "Pod", "demo", pod.Meta.Name); got.Meta.UID != pod.Meta.UID {
		t.Error("crash replaced the Pod")
	}
	c.Settle(2 * time.Minute)
	keep := func(ev *trace.Event) bool {
		return story(ev) && (ev.Resource == "endpointslices" || ev.Verb.Kind() == trace.KindFault || ev.Verb == trace.Sync || ev.Verb == trace.CRIStartContainer)
	}
	golden(t, "endpoints-readiness.txt", table(c.Trace(), mark, keep))
}

// objGet reads a nested map value.
func objGet(v any, keys ...string) (any, bool, error) {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false, nil
		}
		v, ok = m[k]
		if !ok {
			return nil, false, nil
		}
	}
	return v, true, nil
}
