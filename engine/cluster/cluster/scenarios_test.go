package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/fault"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// withWeb starts two workers with Deployment demo/web of n ready Pods.
func withWeb(t *testing.T, seed int64, n int) *cluster.Cluster {
	t.Helper()
	c := started(t, twoWorkers(seed))
	apply(t, c, "alice", deploymentYAML(n, "web:v1"))
	if !c.RunUntil(func() bool { return readyReplicas(c, "demo", "web") == int64(n) }, 2*time.Minute) {
		t.Fatalf("web not ready")
	}
	c.Settle(5 * time.Minute)
	return c
}

// must applies or restores a fault.
func must(t *testing.T, c *cluster.Cluster, restore bool, s string) {
	t.Helper()
	f, err := fault.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if restore {
		err = fault.Restore(c, f)
	} else {
		err = fault.Apply(c, f)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// rsSizes returns the .spec.replicas of demo/web's ReplicaSets as
// "v1=N v2=M", by image.
func rsSizes(t *testing.T, c *cluster.Cluster) string {
	sizes := map[string]int64{}
	for _, rs := range list(t, c, "apps", "ReplicaSet", "demo", "app=web") {
		v, _, _ := rs.Get(".spec.replicas")
		sizes[strings.TrimPrefix(rs.GetString(".spec.template.spec.containers[0].image"), "web:")] = v.(int64)
	}
	return fmt.Sprintf("v2=%d v1=%d", sizes["v2"], sizes["v1"])
}

// Rollout v1 → v2 with the default strategy (25% surge rounded up, 25%
// unavailable rounded down): for 4 replicas the new ReplicaSet grows by 1
// and the old shrinks by 1, each step waiting for availability.
func TestRollout(t *testing.T) {
	c := withWeb(t, 2, 4)
	mark := c.Trace().Len()
	k := c.Env().Kind("apps", "Deployment")
	if _, err := c.Client("alice").Patch(k, "demo", "web", api.StrategicMergePatch,
		map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
			"containers": []any{map[string]any{"name": "web", "image": "web:v2"}}}}}}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	var steps []string
	done := func() bool {
		if st := rsSizes(t, c); len(steps) == 0 || steps[len(steps)-1] != st {
			steps = append(steps, st)
		}
		d := get(c, "apps", "Deployment", "demo", "web")
		v, _, _ := d.Get(".status.updatedReplicas")
		a, _, _ := d.Get(".status.availableReplicas")
		r, _, _ := d.Get(".status.replicas")
		og, _, _ := d.Get(".status.observedGeneration")
		return og == d.Meta.Generation && v == int64(4) && a == int64(4) && r == int64(4)
	}
	if !c.RunUntil(done, 5*time.Minute) {
		t.Fatal("rollout did not finish")
	}
	c.Settle(5 * time.Minute)
	keep := func(ev *trace.Event) bool {
		return story(ev) && ev.From == "deployment-controller" && ev.Resource == "replicasets" && ev.Subresource == ""
	}
	got := table(c.Trace(), mark, keep)
	golden(t, "rollout.txt", got)
	// Kubernetes' arithmetic for 4 replicas, maxSurge 1, maxUnavailable 1
	// (deployment/rolling.go, rolloutRolling): one sync creates the new
	// ReplicaSet at 1 (4+1 allowed) and scales the old one down by
	// available minus the minimum available (4-3 = 1); the next adds
	// another new Pod (5 allowed, 4 running); both new Pods become ready at
	// one probe tick, so 5 are available and the old set loses 2; the new
	// set grows to 4 and the old one goes to 0.
	wantSteps := []string{"v2=0 v1=4", "v2=1 v1=3", "v2=2 v1=3", "v2=2 v1=1", "v2=4 v1=1", "v2=4 v1=0"}
	t.Logf("steps %v", steps)
	if !slices.Equal(steps, wantSteps) {
		t.Errorf("ReplicaSet sizes %v\nwant %v", steps, wantSteps)
	}
	// Always at most 5 Pods (4 + surge 1) and at least 3 available.
	if n := len(list(t, c, "", "Pod", "demo", "app=web")); n != 4 {
		t.Errorf("%d pods after the rollout, want 4", n)
	}
	rss := list(t, c, "apps", "ReplicaSet", "demo", "app=web")
	sizes := map[string]int64{}
	for _, rs := range rss {
		v, _, _ := rs.Get(".spec.replicas")
		sizes[rs.GetString(".spec.template.spec.containers[0].image")] = v.(int64)
	}
	if sizes["web:v1"] != 0 || sizes["web:v2"] != 4 {
		t.Errorf("replicaset sizes by image %v, want v1 0, v2 4", sizes)
	}
}

// Deleting a managed Pod: the ReplicaSet creates a replacement with a new
// name and UID.
func TestDeleteManagedPod(t *testing.T) {
	c := withWeb(t, 3, 3)
	before := list(t, c, "", "Pod", "demo", "app=web")
	victim := before[0]
	mark := c.Trace().Len()
	if _, err := c.Client("alice").Delete(c.Env().Kind("", "Pod"), "demo", victim.Meta.Name, api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !c.RunUntil(func() bool {
		ps := list(t, c, "", "Pod", "demo", "app=web")
		return len(ps) == 3 && readyReplicas(c, "demo", "web") == 3 && get(c, "", "Pod", "demo", victim.Meta.Name) == nil
	}, 2*time.Minute) {
		t.Fatal("no replacement")
	}
	var uids []string
	for _, p := range before {
		uids = append(uids, p.Meta.UID)
	}
	for _, p := range list(t, c, "", "Pod", "demo", "app=web") {
		if p.Meta.Name == victim.Meta.Name || (!slices.Contains(uids, p.Meta.UID) && p.Meta.UID == victim.Meta.UID) {
			t.Errorf("replacement reuses %s/%s", p.Meta.Name, p.Meta.UID)
		}
	}
	golden(t, "delete-pod.txt", table(c.Trace(), mark, story))
}

// Two clients update one object: the second, holding a stale
// resourceVersion, gets 409 Conflict; re-reading and retrying keeps the
// first writer's change.
func TestConflictingUpdates(t *testing.T) {
	c := started(t, twoWorkers(4))
	apply(t, c, "alice", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: demo}\ndata: {color: blue}\n")
	k := c.Env().Kind("", "ConfigMap")
	alice, bob := c.Client("alice"), c.Client("bob")
	a, _ := alice.Get(k, "demo", "settings")
	b, _ := bob.Get(k, "demo", "settings")
	a = a.DeepCopy()
	a.Content["data"].(map[string]any)["color"] = "green"
	if _, err := alice.Update(k, a, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	b = b.DeepCopy()
	b.Content["data"].(map[string]any)["size"] = "large"
	_, err := bob.Update(k, b, api.WriteOptions{})
	want := `Operation cannot be fulfilled on configmaps "settings": the object has been modified; please apply your changes to the latest version and try again`
	if !api.IsReason(err, api.ReasonConflict) || err.Error() != want {
		t.Fatalf("stale update: %v, want 409 %s", err, want)
	}
	b, _ = bob.Get(k, "demo", "settings")
	b = b.DeepCopy()
	b.Content["data"].(map[string]any)["size"] = "large"
	if _, err := bob.Update(k, b, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	got := get(c, "", "ConfigMap", "demo", "settings")
	if got.GetString(".data.color") != "green" || got.GetString(".data.size") != "large" {
		t.Errorf("data %v, want both writers' changes", got.Content["data"])
	}
}

// A Pod that fits nowhere stays Pending with the scheduler's message.
func TestUnschedulablePod(t *testing.T) {
	c := started(t, twoWorkers(5))
	apply(t, c, "alice", `apiVersion: v1
kind: Pod
metadata: {name: big, namespace: demo}
spec:
  containers: [{name: big, image: "web:v1", resources: {requests: {cpu: "16"}}}]
`)
	c.RunFor(10 * time.Second)
	p := get(c, "", "Pod", "demo", "big")
	msg := p.GetString(`.status.conditions[type=PodScheduled].message`)
	// 16 CPUs exceed every node's allocatable, so NodeResourcesFit answers
	// UnschedulableAndUnresolvable (since v1.31) and preemption is not tried.
	want := "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
	if msg != want || p.GetString(`.status.conditions[type=PodScheduled].reason`) != "Unschedulable" || p.GetString(".status.phase") != "Pending" {
		t.Errorf("PodScheduled %q (%s), phase %s; want %q", msg, p.GetString(`.status.conditions[type=PodScheduled].reason`), p.GetString(".status.phase"), want)
	}
}

// Traffic keeps flowing through the nodes' rules while every API server
// is stopped; the endpoint refuses API requests meanwhile.
func TestTrafficWithoutAPIServers(t *testing.T) {
	c := withWeb(t, 6, 3)
	apply(t, c, "alice", "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: demo}\nspec: {selector: {app: web}, ports: [{port: 80}]}\n")
	c.Settle(5 * time.Minute)
	must(t, c, false, "stop apiservers")
	mark := c.Trace().Len()
	res := c.Traffic("client", "demo/web", 20)
	served := 0
	for _, r := range res {
		if r.Served() {
			served++
		}
	}
	if served != 20 {
		t.Errorf("%d of 20 served with the API servers stopped", served)
	}
	for i := mark; i < c.Trace().Len(); i++ {
		if ev := c.Trace().At(i); ev.Verb != trace.HTTP {
			t.Errorf("traffic caused %s %s → %s", ev.Verb, ev.From, ev.To)
		}
	}
	if _, err := c.Client("alice").Get(c.Env().Kind("", "Pod"), "demo", "x"); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("API request with the servers stopped: %v", err)
	}
	c.RunFor(time.Minute)
	must(t, c, true, "stop apiservers")
	if !c.Settle(5 * time.Minute) {
		t.Error("no settle after restart")
	}
	if readyReplicas(c, "demo", "web") != 3 {
		t.Error("web not ready after the API servers came back")
	}
}
