package cluster_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

const webBudget = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web, namespace: demo}
spec: {minAvailable: 3, selector: {matchLabels: {app: web}}}
`

// evict posts an Eviction of pod as the cluster admin.
func evict(c *cluster.Cluster, pod string) *api.Response {
	body := map[string]any{"apiVersion": "policy/v1", "kind": "Eviction", "metadata": map[string]any{"name": pod, "namespace": "demo"}}
	return c.Admin().CreateSubresource(c.Env().Kind("", "Pod"), "demo", pod, "eviction", body)
}

// budget is the budget's status, as one line.
func budget(c *cluster.Cluster) string {
	b := c.Object("policy", "PodDisruptionBudget", "demo", "web")
	return fmt.Sprintf("expected=%d current=%d desired=%d allowed=%d disrupted=%d allowedCond=%s",
		b.GetInt(".status.expectedPods", -1), b.GetInt(".status.currentHealthy", -1), b.GetInt(".status.desiredHealthy", -1),
		b.GetInt(".status.disruptionsAllowed", -1), len(object.AsMap(b.Status()["disruptedPods"])),
		b.GetString(".status.conditions[type=DisruptionAllowed].reason"))
}

// The eviction subresource honours a PodDisruptionBudget as
// kube-apiserver v1.37 does, with the status the disruption controller
// keeps: refused 429 with the budget's cause while no disruption is
// allowed; allowed, taken and recorded in disruptedPods once the budget
// is lowered; the replacement Pod restores the budget.
func TestEvictionHonoursDisruptionBudget(t *testing.T) {
	cfg := twoWorkers(1)
	cfg.Manifests = decode(t, webBudget)
	c := started(t, cfg)
	apply(t, c, "alice", deploymentYAML(3, "web:v1"))
	admin := c.Admin()
	if _, err := admin.Create(c.Env().Kind("policy", "PodDisruptionBudget"), decode(t, webBudget)[0], api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "expected=3 current=3 desired=3 allowed=0 disrupted=0 allowedCond=InsufficientPods"
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == 3 && budget(c) == want }, 2*time.Minute) {
		t.Fatalf("budget %s, want %s", budget(c), want)
	}
	pod := list(t, c, "", "Pod", "demo", "app=web")[0].Meta.Name
	resp := evict(c, pod)
	if resp.Code != 429 || resp.Status.Message != "Cannot evict pod as it would violate the pod's disruption budget." ||
		len(resp.Status.Details.Causes) != 1 || resp.Status.Details.Causes[0].Type != "DisruptionBudget" ||
		resp.Status.Details.Causes[0].Message != "The disruption budget web needs 3 healthy pods and has 3 currently" {
		t.Fatalf("eviction under a full budget: %d %+v", resp.Code, resp.Status)
	}
	patch := map[string]any{"spec": map[string]any{"minAvailable": int64(2)}}
	if _, err := admin.Patch(c.Env().Kind("policy", "PodDisruptionBudget"), "demo", "web", api.MergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	want = "expected=3 current=3 desired=2 allowed=1 disrupted=0 allowedCond=SufficientPods"
	if !c.RunUntil(func() bool { return budget(c) == want }, time.Minute) {
		t.Fatalf("lowered budget %s, want %s", budget(c), want)
	}
	if resp := evict(c, pod); resp.Code != 201 {
		t.Fatalf("eviction allowed by the budget: %d %+v", resp.Code, resp.Status)
	}
	if got := budget(c); got != "expected=3 current=3 desired=2 allowed=0 disrupted=1 allowedCond=SufficientPods" {
		t.Errorf("budget right after the eviction %s", got)
	}
	if p := c.Object("", "Pod", "demo", pod); p != nil && p.Meta.DeletionTimestamp == nil {
		t.Errorf("evicted pod %s is not being deleted", pod)
	}
	if !c.RunUntil(func() bool { return budget(c) == want }, 2*time.Minute) {
		t.Errorf("budget after the replacement %s, want %s", budget(c), want)
	}
}
