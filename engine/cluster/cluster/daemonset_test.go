package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// dsYAML is a DaemonSet "agent" of image; extra is more of its Pod spec,
// indented.
func dsYAML(image, extra string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: demo}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
%s      containers: [{name: agent, image: %q}]
`, extra, image)
}

// dsCluster is three workers, worker-c tainted dedicated=gpu:NoSchedule,
// whose runs will create DaemonSets.
func dsCluster(t *testing.T, manifests string) *cluster.Cluster {
	cfg := twoWorkers(1)
	cfg.Nodes = append(cfg.Nodes, cluster.Node{Name: "worker-c", Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"},
		Taints: []object.Taint{{Key: "dedicated", Value: "gpu", Effect: "NoSchedule"}}})
	cfg.Manifests = decode(t, manifests)
	return started(t, cfg)
}

// dsStatus is a DaemonSet's status counts, as one line.
func dsStatus(c *cluster.Cluster) string {
	st := c.Object("apps", "DaemonSet", "demo", "agent").Status()
	return fmt.Sprintf("desired=%v current=%v misscheduled=%v ready=%v updated=%v available=%v unavailable=%v observed=%v",
		st["desiredNumberScheduled"], st["currentNumberScheduled"], st["numberMisscheduled"], st["numberReady"],
		st["updatedNumberScheduled"], st["numberAvailable"], st["numberUnavailable"], st["observedGeneration"])
}

// agentPods are the DaemonSet's Pods not being deleted, by name: each as
// "node hash generation image phase".
func agentPods(t *testing.T, c *cluster.Cluster) []string {
	var out []string
	for _, p := range list(t, c, "", "Pod", "demo", "app=agent") {
		if p.Meta.DeletionTimestamp != nil {
			continue
		}
		img := object.StringAt(object.AsMap(object.ListAt(p.Spec(), "containers")[0]), "image")
		out = append(out, fmt.Sprintf("%s %s %s %s", object.StringAt(p.Spec(), "nodeName"),
			p.Meta.Labels["pod-template-generation"], img, object.StringAt(p.Status(), "phase")))
	}
	slices.Sort(out)
	return out
}

// A DaemonSet puts one Pod on every Node it tolerates, as
// kube-controller-manager v1.37 does: created by the daemonset-controller
// as ServiceAccount daemon-set-controller, pinned to its Node by required
// node affinity on metadata.name, bound there by the scheduler, with the
// daemon tolerations and the revision labels; the tainted Node gets none.
func TestDaemonSetRunsOnePodPerNode(t *testing.T) {
	manifest := dsYAML("agent:v1", "")
	c := dsCluster(t, manifest)
	from := c.Trace().Len()
	apply(t, c, "alice", manifest)
	want := "desired=2 current=2 misscheduled=0 ready=2 updated=2 available=2 unavailable=<nil> observed=1"
	if !c.RunUntil(func() bool { return dsStatus(c) == want }, time.Minute) {
		t.Fatalf("status by %s: %s, want %s", c.Now(), dsStatus(c), want)
	}
	ds := c.Object("apps", "DaemonSet", "demo", "agent")
	if g := ds.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]; g != "1" {
		t.Errorf("template generation annotation %q, want 1", g)
	}
	if got := agentPods(t, c); !slices.Equal(got, []string{"worker-a 1 agent:v1 Running", "worker-b 1 agent:v1 Running"}) {
		t.Errorf("pods %q", got)
	}
	pods := list(t, c, "", "Pod", "demo", "app=agent")
	for _, p := range pods {
		node := object.StringAt(p.Spec(), "nodeName")
		terms := object.ListAt(p.Spec(), "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms")
		wantTerms := []any{map[string]any{"matchFields": []any{map[string]any{"key": "metadata.name", "operator": "In", "values": []any{node}}}}}
		if !object.EqualValues(terms, wantTerms) {
			t.Errorf("%s: node selector terms %v", p.Meta.Name, terms)
		}
		var tols []string
		for _, tol := range object.ListAt(p.Spec(), "tolerations") {
			m := object.AsMap(tol)
			tols = append(tols, fmt.Sprintf("%s:%s:%s", m["key"], m["operator"], m["effect"]))
		}
		wantTols := []string{"node.kubernetes.io/not-ready:Exists:NoExecute", "node.kubernetes.io/unreachable:Exists:NoExecute",
			"node.kubernetes.io/disk-pressure:Exists:NoSchedule", "node.kubernetes.io/memory-pressure:Exists:NoSchedule",
			"node.kubernetes.io/pid-pressure:Exists:NoSchedule", "node.kubernetes.io/unschedulable:Exists:NoSchedule"}
		if !slices.Equal(tols, wantTols) {
			t.Errorf("%s: tolerations %q", p.Meta.Name, tols)
		}
		if h := p.Meta.Labels["controller-revision-hash"]; len(h) < 9 || len(h) > 10 {
			t.Errorf("%s: controller-revision-hash %q", p.Meta.Name, h)
		}
		if ref, ok := p.Meta.ControllerRef(); !ok || ref.Kind != "DaemonSet" || ref.Name != "agent" || ref.UID != ds.Meta.UID {
			t.Errorf("%s: controller ref %+v", p.Meta.Name, ref)
		}
		if !strings.HasPrefix(p.Meta.Name, "agent-") {
			t.Errorf("pod name %q", p.Meta.Name)
		}
	}
	var creates, binds int
	log := c.Trace()
	for i := from; i < log.Len(); i++ {
		ev := log.At(i)
		switch {
		case ev.Verb == trace.Create && ev.Resource == "pods" && ev.Subresource == "" && ev.Outcome.Code == 201:
			if ev.From != "daemonset-controller" {
				t.Errorf("pod created by %s", ev.From)
			}
			creates++
		case ev.Verb == trace.Create && ev.Subresource == "binding" && ev.Outcome.Code == 201:
			if !strings.HasPrefix(string(ev.From), "scheduler") {
				t.Errorf("pod bound by %s", ev.From)
			}
			binds++
		case ev.Verb == trace.Authorize && ev.Resource == "pods" && ev.From == "daemonset-controller":
			if !strings.Contains(ev.Detail, "system:serviceaccount:kube-system:daemon-set-controller") {
				t.Errorf("daemonset-controller authorized as %q", ev.Detail)
			}
		}
	}
	if creates != 2 || binds != 2 {
		t.Errorf("%d pod creates, %d bindings; want 2 each", creates, binds)
	}
	events := controllerEvents(t, c, from, "daemonset-controller")
	if len(events) != 2 || !strings.HasPrefix(events[0], "SuccessfulCreate Created pod: agent-") {
		t.Errorf("events %q", events)
	}
}

// controllerEvents are the reason and message of every Event actor wrote
// since from, in order.
func controllerEvents(t *testing.T, c *cluster.Cluster, from int, actor trace.Actor) []string {
	var out []string
	for _, e := range list(t, c, "", "Event", "demo", "") {
		if e.Meta.CreationTimestamp.Before(c.Trace().At(from).Time.Wall()) {
			continue
		}
		src := object.StringAt(e.Content, "source", "component")
		if src == string(actor) {
			out = append(out, object.StringAt(e.Content, "reason")+" "+object.StringAt(e.Content, "message"))
		}
	}
	return out
}

// A new template rolls out one Node at a time (maxUnavailable 1): the old
// Pod is deleted, its successor created on the same Node, and the next
// Node waits until it is available; the template generation moves to 2.
func TestDaemonSetRollingUpdate(t *testing.T) {
	manifest := dsYAML("agent:v1", "")
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool {
		return strings.HasPrefix(dsStatus(c), "desired=2 current=2 misscheduled=0 ready=2 updated=2")
	}, time.Minute) {
		t.Fatalf("not ready: %s", dsStatus(c))
	}
	k := c.Env().Kind("apps", "DaemonSet")
	patch := map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
		"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}}}}
	if _, err := c.Client("alice").Patch(k, "demo", "agent", api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	var seen []string
	maxMissing := 0
	done := c.RunUntil(func() bool {
		pods := agentPods(t, c)
		running := 0
		for _, p := range pods {
			if strings.HasSuffix(p, "Running") {
				running++
			}
		}
		maxMissing = max(maxMissing, 2-running)
		s := strings.Join(pods, ", ")
		if len(seen) == 0 || seen[len(seen)-1] != s {
			seen = append(seen, s)
		}
		return s == "worker-a 2 agent:v2 Running, worker-b 2 agent:v2 Running"
	}, 2*time.Minute)
	if !done {
		t.Fatalf("rollout did not finish by %s: %q", c.Now(), seen)
	}
	if maxMissing != 1 {
		t.Errorf("at most %d Nodes were without a running Pod; maxUnavailable 1 allows exactly 1", maxMissing)
	}
	if !slices.Contains(seen, "worker-a 2 agent:v2 Running, worker-b 1 agent:v1 Running") {
		t.Errorf("no state with worker-a updated and worker-b still old: %q", seen)
	}
	ds := c.Object("apps", "DaemonSet", "demo", "agent")
	if g := ds.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation]; g != "2" || ds.Meta.Generation != 2 {
		t.Errorf("template generation %q, generation %d; want 2 and 2", g, ds.Meta.Generation)
	}
	if !c.RunUntil(func() bool {
		return strings.HasSuffix(dsStatus(c), "updated=2 available=2 unavailable=<nil> observed=2")
	}, time.Minute) {
		t.Errorf("status %s", dsStatus(c))
	}
}

// When a Node's labels stop matching the DaemonSet's nodeSelector, its
// Pod is deleted; the Node that gains the label gets one.
func TestDaemonSetFollowsNodeSelector(t *testing.T) {
	manifest := dsYAML("agent:v1", "      nodeSelector: {topology.kubernetes.io/zone: a}\n")
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return slices.Equal(agentPods(t, c), []string{"worker-a 1 agent:v1 Running"}) }, time.Minute) {
		t.Fatalf("pods %q", agentPods(t, c))
	}
	nodes := c.Env().Kind("", "Node")
	for node, zone := range map[string]string{"worker-a": "z", "worker-b": "a"} {
		patch := map[string]any{"metadata": map[string]any{"labels": map[string]any{"topology.kubernetes.io/zone": zone}}}
		if _, err := c.Admin().Patch(nodes, "", node, api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if !c.RunUntil(func() bool { return slices.Equal(agentPods(t, c), []string{"worker-b 1 agent:v1 Running"}) }, time.Minute) {
		t.Fatalf("pods after relabelling %q", agentPods(t, c))
	}
	if !c.RunUntil(func() bool { return strings.HasPrefix(dsStatus(c), "desired=1 current=1 misscheduled=0 ready=1") }, time.Minute) {
		t.Errorf("status %s", dsStatus(c))
	}
}

// The DaemonSet's templates are recorded in ControllerRevisions, as
// kube-controller-manager v1.37 records them: AGENT-HASH, the hash in
// the label controller-revision-hash its Pods carry too, revision 1 then
// 2 after a new image.
func TestDaemonSetRevisions(t *testing.T) {
	manifest := dsYAML("agent:v1", "")
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	revs := func() []*object.Object { return list(t, c, "apps", "ControllerRevision", "demo", "app=agent") }
	if !c.RunUntil(func() bool { return len(revs()) == 1 }, time.Minute) {
		t.Fatal("no revision")
	}
	r1 := revs()[0]
	hash := r1.Meta.Labels["controller-revision-hash"]
	if r1.Meta.Name != "agent-"+hash || r1.Meta.Annotations[object.DaemonSetTemplateGenerationAnnotation] != "1" {
		t.Errorf("revision %s, labels %v, annotations %v", r1.Meta.Name, r1.Meta.Labels, r1.Meta.Annotations)
	}
	if !c.RunUntil(func() bool {
		pods := list(t, c, "", "Pod", "demo", "app=agent")
		return len(pods) == 2 && pods[0].Meta.Labels["controller-revision-hash"] == hash && pods[1].Meta.Labels["controller-revision-hash"] == hash
	}, time.Minute) {
		t.Error("pods do not carry the revision's hash")
	}
	patch := map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
		"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}}}}
	if _, err := c.Client("alice").Patch(c.Env().Kind("apps", "DaemonSet"), "demo", "agent", api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !c.RunUntil(func() bool { return len(revs()) == 2 }, time.Minute) {
		t.Fatal("no second revision")
	}
	for _, r := range revs() {
		n, _ := object.Int(r.Content["revision"])
		if (r.Meta.Name == r1.Meta.Name) != (n == 1) {
			t.Errorf("%s: revision %d", r.Meta.Name, n)
		}
	}
}

// With maxSurge 1 and maxUnavailable 0 a new template rolls out by
// starting the new Pod beside the old one on a Node, and deleting the old
// one once the new one is available: no Node is ever without a running
// Pod.
func TestDaemonSetSurge(t *testing.T) {
	manifest := dsYAML("agent:v1", "") + "  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}\n"
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool {
		return strings.HasPrefix(dsStatus(c), "desired=2 current=2 misscheduled=0 ready=2 updated=2")
	}, time.Minute) {
		t.Fatalf("not ready: %s", dsStatus(c))
	}
	patch := map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
		"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}}}}
	if _, err := c.Client("alice").Patch(c.Env().Kind("apps", "DaemonSet"), "demo", "agent", api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	sawTwoOnANode := false
	done := c.RunUntil(func() bool {
		perNode := map[string]int{}
		running := map[string]bool{}
		for _, p := range list(t, c, "", "Pod", "demo", "app=agent") {
			if p.Meta.DeletionTimestamp != nil {
				continue
			}
			n := object.StringAt(p.Spec(), "nodeName")
			perNode[n]++
			if object.StringAt(p.Status(), "phase") == "Running" {
				running[n] = true
			}
		}
		for _, node := range []string{"worker-a", "worker-b"} {
			if !running[node] {
				t.Fatalf("at %s %s had no running Pod", c.Now(), node)
			}
			if perNode[node] == 2 {
				sawTwoOnANode = true
			}
		}
		return slices.Equal(agentPods(t, c), []string{"worker-a 2 agent:v2 Running", "worker-b 2 agent:v2 Running"})
	}, 2*time.Minute)
	if !done {
		t.Fatalf("surge rollout did not finish: %q", agentPods(t, c))
	}
	if !sawTwoOnANode {
		t.Error("never two Pods on a Node: no surge")
	}
}

// Under OnDelete a new template reaches a Node only when its Pod is
// deleted by someone else.
func TestDaemonSetOnDelete(t *testing.T) {
	manifest := dsYAML("agent:v1", "") + "  updateStrategy: {type: OnDelete}\n"
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool {
		return len(agentPods(t, c)) == 2 && strings.HasPrefix(dsStatus(c), "desired=2 current=2 misscheduled=0 ready=2")
	}, time.Minute) {
		t.Fatalf("not ready: %s", dsStatus(c))
	}
	patch := map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
		"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}}}}
	if _, err := c.Client("alice").Patch(c.Env().Kind("apps", "DaemonSet"), "demo", "agent", api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.RunFor(time.Minute)
	if got := agentPods(t, c); !slices.Equal(got, []string{"worker-a 1 agent:v1 Running", "worker-b 1 agent:v1 Running"}) {
		t.Fatalf("OnDelete replaced Pods by itself: %q", got)
	}
	var onA string
	for _, p := range list(t, c, "", "Pod", "demo", "app=agent") {
		if object.StringAt(p.Spec(), "nodeName") == "worker-a" {
			onA = p.Meta.Name
		}
	}
	if _, err := c.Client("alice").Delete(c.Env().Kind("", "Pod"), "demo", onA, api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"worker-a 2 agent:v2 Running", "worker-b 1 agent:v1 Running"}
	if !c.RunUntil(func() bool { return slices.Equal(agentPods(t, c), want) }, 2*time.Minute) {
		t.Errorf("after deleting worker-a's Pod: %q, want %q", agentPods(t, c), want)
	}
}
