package scheduler

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// deploymentRun creates three Pods as a ReplicaSet of a Deployment does
// (generateName, the template's labels) on two workers, runs until they are
// bound, and renders what the scheduler did and where the Pods went.
func deploymentRun(t *testing.T) string {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "4", memory: "8Gi", labels: map[string]string{"topology.kubernetes.io/zone": "a"}})
	h.node(nodeSpec{name: "worker-b", cpu: "4", memory: "8Gi", labels: map[string]string{"topology.kubernetes.io/zone": "b"}})
	h.startScheduler()
	from := h.env.Log.Len()
	var names []string
	for range 3 {
		o := podObject(podSpec{cpu: "500m", memory: "256Mi", labels: map[string]string{"app": "web", "pod-template-hash": "7c9d4"}})
		o.Meta.Name, o.Meta.GenerateName = "", "web-7c9d4-"
		names = append(names, h.create(o).Meta.Name)
	}
	h.run(time.Second)
	var b strings.Builder
	b.WriteString(h.schedulerTrace(from))
	b.WriteString("--- placement\n")
	for _, n := range names {
		status, _, _ := h.condition(n)
		fmt.Fprintf(&b, "%s -> %s PodScheduled=%s\n", n, h.nodeOf(n), status)
	}
	l, err := h.admin.List(h.kind("Event"), "demo", api.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b.WriteString("--- events\n")
	for _, e := range l.Items {
		fmt.Fprintf(&b, "%s %s %s %s/%s: %s\n", e.GetString(".type"), e.GetString(".reason"), e.GetString(".action"),
			e.GetString(".reportingComponent"), e.GetString(".reportingInstance"), e.GetString(".message"))
	}
	return b.String()
}

// TestGoldenDeploymentOnTwoWorkers: three Pods of one template on two
// empty workers. The first two spread (the emptier node scores higher on
// LeastAllocated and BalancedAllocation), the third breaks a tie at random
// from the seed. The run is reproducible byte for byte.
func TestGoldenDeploymentOnTwoWorkers(t *testing.T) {
	got := deploymentRun(t)
	if again := deploymentRun(t); again != got {
		t.Fatalf("two runs differ:\n%s\n---\n%s", got, again)
	}
	golden(t, "deployment_two_workers.golden", got)
	for _, want := range []string{"-> worker-a", "-> worker-b"} {
		if !strings.Contains(got, want) {
			t.Errorf("no Pod placed %s: the Pods did not spread", want)
		}
	}
}

// TestGoldenUnschedulableThenTaintRemoved: the three-node example —
// one node too small, two tainted for GPUs — then the taint of one GPU node
// removed: the FILTER with each node's reason, the status PATCH and the
// FailedScheduling Event, and the retry the Node update triggers.
func TestGoldenUnschedulableThenTaintRemoved(t *testing.T) {
	h := newHarness(t)
	h.node(nodeSpec{name: "worker-a", cpu: "2", memory: "8Gi"})
	h.node(nodeSpec{name: "gpu-1", cpu: "8", memory: "32Gi", taints: gpuTaint})
	h.node(nodeSpec{name: "gpu-2", cpu: "8", memory: "32Gi", taints: gpuTaint})
	h.startScheduler()
	from := h.env.Log.Len()
	h.pod(podSpec{name: "web-1", cpu: "4"})
	h.run(time.Minute)
	h.patch("Node", "", "gpu-2", map[string]any{"spec": map[string]any{"taints": nil}})
	h.run(time.Second)
	var b strings.Builder
	b.WriteString(h.schedulerTrace(from))
	status, reason, msg := h.condition("web-1")
	fmt.Fprintf(&b, "--- web-1 on %s, PodScheduled=%s %s %q\n--- events\n", h.nodeOf("web-1"), status, reason, msg)
	for _, e := range h.events("web-1") {
		b.WriteString(e + "\n")
	}
	golden(t, "unschedulable_then_taint_removed.golden", b.String())
}
