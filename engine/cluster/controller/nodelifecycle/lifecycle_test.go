package nodelifecycle_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/tainteviction"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Tolerations of the test Pods; DefaultTolerationSeconds admission adds
// 300 s for not-ready and unreachable to whatever they lack.
const (
	tolerate60s     = "  tolerations: [{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 60}]\n"
	tolerateForever = "  tolerations: [{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute}]\n"
)

// failureCluster is two workers with Pods, and worker-b's kubelet killed
// at 35 s, just after the controller saw its renewal of 31 s (at its pass
// of 35 s).
func failureCluster(t *testing.T) *harness {
	h := newHarness(t, nodelifecycle.Config{}, "worker-a", "worker-b")
	h.runTo(6 * time.Second)
	h.pod("web-a", "worker-a", "")
	h.pod("web-b", "worker-b", "")
	h.pod("web-c", "worker-b", tolerate60s)
	h.pod("web-d", "worker-b", tolerateForever)
	h.runTo(35 * time.Second)
	h.kubelets["worker-b"].stop()
	return h
}

// TestNodeFailureTimeline: with default timings, worker-b is Unknown 55 s
// after the last renewal the controller saw, tainted unreachable, its Pods
// are marked not ready, and each is deleted when its toleration runs out.
func TestNodeFailureTimeline(t *testing.T) {
	h := failureCluster(t)
	h.runTo(10 * time.Minute)

	nlc := trace.From(nodelifecycle.Name)
	tec := trace.From(tainteviction.Name)
	checks := []struct {
		name string
		got  string
		want string
	}{
		{"Node marked Unknown", h.first(nlc, trace.Verbs(trace.Update), trace.Resource("nodes/status"), trace.Object("worker-b")), "1m30.000s"},
		{"Pods marked not ready", h.first(nlc, trace.Verbs(trace.Update), trace.Resource("pods/status"), trace.Object("demo/web-b")), "1m30.000s"},
		{"first taint patch (NoSchedule, on the Node update)", h.first(nlc, trace.Verbs(trace.Patch), trace.Object("worker-b")), "1m30.005s"},
		{"web-c (60 s) deleted", h.first(tec, trace.Verbs(trace.Delete), trace.Object("demo/web-c")), "2m30.105s"},
		{"web-b (300 s, the default) deleted", h.first(tec, trace.Verbs(trace.Delete), trace.Object("demo/web-b")), "6m30.105s"},
		{"web-d (no tolerationSeconds) never", h.first(tec, trace.Verbs(trace.Delete), trace.Object("demo/web-d")), ""},
		{"web-a on the healthy Node never", h.first(trace.Object("demo/web-a"), trace.Or(nlc, tec), trace.Not(trace.Verbs(trace.Get))), ""},
		{"worker-a untouched", h.first(nlc, trace.Verbs(trace.Update, trace.Patch), trace.Object("worker-a")), ""},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s at %q, want %q", c.name, c.got, c.want)
		}
	}

	node := h.get("nodes", "", "worker-b")
	for _, typ := range []string{"Ready", "MemoryPressure", "DiskPressure", "PIDPressure"} {
		c, _ := object.FindCondition(object.ViewNode(node).Conditions, typ)
		if c.Status != "Unknown" || c.Reason != "NodeStatusUnknown" || c.Message != "Kubelet stopped posting node status." {
			t.Errorf("%s = %s %s %q", typ, c.Status, c.Reason, c.Message)
		}
	}
	if got, want := h.taints("worker-b"), "node.kubernetes.io/unreachable:NoSchedule,node.kubernetes.io/unreachable:NoExecute"; got != want {
		t.Errorf("taints %s, want %s", got, want)
	}
	for _, name := range []string{"web-b", "web-c", "web-d"} {
		pv := object.ViewPod(h.get("pods", "demo", name))
		if pv.IsReady() {
			t.Errorf("%s still Ready", name)
		}
		if deleting := name != "web-d"; pv.Deleting != deleting {
			t.Errorf("%s deleting %t, want %t", name, pv.Deleting, deleting)
		}
	}
	web := object.ViewPod(h.get("pods", "demo", "web-b"))
	if c, _ := web.Condition("DisruptionTarget"); c.Status != "True" || c.Reason != "DeletionByTaintManager" ||
		c.Message != "Taint manager: deleting due to NoExecute taint" {
		t.Errorf("DisruptionTarget %+v", c)
	}
	events := map[string]bool{}
	for e := range h.env.Log.Query(trace.Verbs(trace.Create), trace.Resource("events")).All() {
		events[string(e.From)+" "+e.Namespace] = true
	}
	if !events["node-lifecycle-controller default"] || !events["taint-eviction-controller demo"] {
		t.Errorf("events written: %v", events)
	}
	golden(t, h.env.Log, "node-failure")
}

func TestEvictionEventText(t *testing.T) {
	h := failureCluster(t)
	h.runTo(3 * time.Minute)
	var msgs []string
	for _, o := range listAll(h, "events", "demo") {
		if o.GetString(".reason") == "TaintManagerEviction" {
			msgs = append(msgs, o.GetString(".type")+" "+o.GetString(".message")+" from "+o.GetString(".source.component"))
		}
	}
	want := "Normal Marking for deletion Pod demo/web-c from taint-eviction-controller"
	if len(msgs) != 1 || msgs[0] != want {
		t.Errorf("TaintManagerEviction events %q, want [%q]", msgs, want)
	}
}

// TestNodeReturns: the kubelet comes back before the default toleration
// runs out: taints go, pending deletions are cancelled.
func TestNodeReturns(t *testing.T) {
	h := failureCluster(t)
	h.runTo(200 * time.Second)
	h.kubelets["worker-b"].start()
	h.runTo(10 * time.Minute)
	if got := h.ready("worker-b"); got != "True" {
		t.Errorf("Ready %s", got)
	}
	if got := h.taints("worker-b"); got != "" {
		t.Errorf("taints %q remain", got)
	}
	tec := trace.From(tainteviction.Name)
	if got := h.first(tec, trace.Verbs(trace.Delete), trace.Object("demo/web-b")); got != "" {
		t.Errorf("web-b deleted at %s after the Node returned", got)
	}
	if got := h.first(tec, trace.Verbs(trace.Delete), trace.Object("demo/web-c")); got != "2m30.105s" {
		t.Errorf("web-c deleted at %q, want 2m30.105s (before the Node returned)", got)
	}
	e, ok := h.env.Log.Query(tec, trace.Verbs(trace.Reconcile), trace.Object("demo/web-b")).Last()
	if !ok || e.Detail != "deletion cancelled" || e.Time.String() != "3m25.005s" {
		t.Errorf("last decision on web-b %v %q, want deletion cancelled at 3m25.005s", e.Time, e.Detail)
	}
	golden(t, h.env.Log, "node-returns")
}

// TestNotReadyNode: a kubelet reporting Ready=False gets the not-ready
// taints at once, no grace period. Its Pods are the kubelet's to mark: the
// controller marks them only when it changes the Ready condition itself.
func TestNotReadyNode(t *testing.T) {
	h := newHarness(t, nodelifecycle.Config{}, "worker-a", "worker-b")
	h.runTo(6 * time.Second)
	h.pod("web-b", "worker-b", "")
	h.kubelets["worker-b"].ready = false
	h.runTo(3 * time.Minute)
	if got, want := h.taints("worker-b"), "node.kubernetes.io/not-ready:NoSchedule,node.kubernetes.io/not-ready:NoExecute"; got != want {
		t.Errorf("taints %s, want %s", got, want)
	}
	if got := h.ready("worker-b"); got != "False" {
		t.Errorf("Ready %s, want False (the kubelet's, untouched)", got)
	}
	if got := h.first(trace.From(nodelifecycle.Name), trace.Resource("pods/status")); got != "" {
		t.Errorf("the controller wrote a Pod status at %s", got)
	}
}

// TestZoneDisruption: how many Nodes of a zone fail decides whether the
// controller taints them, and how fast (0.1 Nodes a second, burst 1).
func TestZoneDisruption(t *testing.T) {
	cases := []struct {
		name      string
		nodes     []string
		fail      []string
		wantTaint map[string]string // node -> instant of its NoExecute taint, "" for none
	}{
		{"1 of 2 down: Normal, tainted", []string{"n1", "n2"}, []string{"n2"},
			map[string]string{"n2": "1m30.100s"}},
		{"2 of 2 down: every zone fully disrupted, nothing tainted", []string{"n1", "n2"}, []string{"n1", "n2"},
			map[string]string{"n1": "", "n2": ""}},
		{"1 of 1 down: the same", []string{"n1"}, []string{"n1"}, map[string]string{"n1": ""}},
		{"2 of 4 down: Normal, one taint per 10 s", []string{"n1", "n2", "n3", "n4"}, []string{"n1", "n2"},
			map[string]string{"n1": "1m30.100s", "n2": "1m40.100s"}},
		{"3 of 4 down: PartialDisruption in a small cluster, rate 0", []string{"n1", "n2", "n3", "n4"}, []string{"n1", "n2", "n3"},
			map[string]string{"n1": "", "n2": "", "n3": ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, nodelifecycle.Config{}, tc.nodes...)
			h.runTo(35 * time.Second)
			for _, n := range tc.fail {
				h.kubelets[n].stop()
			}
			h.runTo(4 * time.Minute)
			for n, want := range tc.wantTaint {
				got := ""
				for e := range h.env.Log.Query(trace.From(nodelifecycle.Name), trace.Verbs(trace.Patch), trace.Object(n)).All() {
					if e.Time.String() != "1m30.005s" { // the NoSchedule taint
						got = e.Time.String()
						break
					}
				}
				if got != want {
					t.Errorf("%s NoExecute taint at %q, want %q (taints now %s)", n, got, want, h.taints(n))
				}
			}
		})
	}
}

// TestAPIServersStopped: while no API server answers, leases cannot be
// renewed and the controller's caches go stale, yet no Node is marked:
// the live Lease check cannot be made (the lease circuit breaker).
func TestAPIServersStopped(t *testing.T) {
	h := newHarness(t, nodelifecycle.Config{}, "worker-a", "worker-b")
	h.runTo(6 * time.Second)
	h.pod("web-a", "worker-a", "")
	h.runTo(40 * time.Second)
	h.plane.StopAll()
	h.runTo(4 * time.Minute)
	h.plane.StartAll()
	h.runTo(8 * time.Minute)
	for _, n := range []string{"worker-a", "worker-b"} {
		if got := h.ready(n); got != "True" {
			t.Errorf("%s Ready %s, want True", n, got)
		}
		if got := h.taints(n); got != "" {
			t.Errorf("%s taints %q", n, got)
		}
	}
	if got := h.first(trace.From(nodelifecycle.Name), trace.Verbs(trace.Get), trace.Resource("leases")); got == "" {
		t.Error("no live Lease check was attempted")
	}
}

func listAll(h *harness, resource, ns string) []*object.Object {
	h.t.Helper()
	k, err := h.env.Kinds.Resolve(resource)
	if err != nil {
		h.t.Fatal(err)
	}
	l, err := h.admin.List(k, ns, apiList())
	if err != nil {
		h.t.Fatal(err)
	}
	return l.Items
}

// TestMasterDisruptionMode: with every Node down the controller blames
// itself: it says so once, and taints none.
func TestMasterDisruptionMode(t *testing.T) {
	h := newHarness(t, nodelifecycle.Config{}, "n1", "n2")
	h.runTo(35 * time.Second)
	h.kubelets["n1"].stop()
	h.kubelets["n2"].stop()
	h.runTo(5 * time.Minute)
	nlc := trace.From(nodelifecycle.Name)
	var decisions []string
	for e := range h.env.Log.Query(nlc, trace.Verbs(trace.Reconcile)).All() {
		decisions = append(decisions, e.Time.String()+" "+e.Name+": "+e.Detail)
	}
	want := []string{
		"1m30.000s n1: no heartbeat observed for 55s (grace 50s): kubelet conditions Unknown",
		"1m30.000s n1: Node is unresponsive: queued for the unreachable NoExecute taint",
		"1m30.000s n2: no heartbeat observed for 55s (grace 50s): kubelet conditions Unknown",
		"1m30.000s n2: Node is unresponsive: queued for the unreachable NoExecute taint",
		"1m30.000s : all Nodes are not Ready: entering master disruption mode (NoExecute taints removed, evictions stopped)",
		// Taken out of the queues by the mode, they are queued again, for
		// a taint that a zero rate never releases.
		"1m35.000s n1: Node is unresponsive: queued for the unreachable NoExecute taint",
		"1m35.000s n2: Node is unresponsive: queued for the unreachable NoExecute taint",
	}
	if strings.Join(decisions, "\n") != strings.Join(want, "\n") {
		t.Errorf("decisions:\n%s\nwant:\n%s", strings.Join(decisions, "\n"), strings.Join(want, "\n"))
	}
	for _, n := range []string{"n1", "n2"} {
		if got := h.taints(n); got != "node.kubernetes.io/unreachable:NoSchedule" {
			t.Errorf("%s taints %q, want only the NoSchedule one", n, got)
		}
	}
}
