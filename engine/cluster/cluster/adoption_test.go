package cluster_test

import (
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// orphanAndRecreate deletes the controller of kind "name" in demo with
// propagationPolicy Orphan, waits until the objects labelled selector have
// lost their controller reference, creates it again from manifest, and
// returns the trace position before the re-creation and the UIDs of the
// Pods before and after it settles.
func orphanAndRecreate(t *testing.T, c *cluster.Cluster, kind, selector, manifest string) (from int, before, after map[string]string) {
	t.Helper()
	uids := func() map[string]string {
		out := map[string]string{}
		for _, p := range list(t, c, "", "Pod", "demo", selector) {
			out[p.Meta.Name] = p.Meta.UID
		}
		return out
	}
	before = uids()
	k := c.Env().Kind("apps", kind)
	if _, err := c.Admin().Delete(k, "demo", name(kind), api.DeleteOptions{PropagationPolicy: api.PropagationOrphan}); err != nil {
		t.Fatal(err)
	}
	orphaned := c.RunUntil(func() bool {
		for _, p := range list(t, c, "", "Pod", "demo", selector) {
			if _, ok := p.Meta.ControllerRef(); ok {
				return false
			}
		}
		for _, r := range list(t, c, "apps", "ControllerRevision", "demo", selector) {
			if _, ok := r.Meta.ControllerRef(); ok {
				return false
			}
		}
		return get(c, "apps", kind, "demo", name(kind)) == nil
	}, time.Minute)
	if !orphaned {
		t.Fatalf("the %s's Pods and revisions were not orphaned", kind)
	}
	from = c.Trace().Len()
	apply(t, c, "alice", manifest)
	c.RunFor(time.Minute)
	return from, before, uids()
}

func name(kind string) string {
	if kind == "DaemonSet" {
		return "agent"
	}
	return "web"
}

// adopted checks that the controller re-created after an orphaning
// delete adopted the Pods and revisions it had left, by patching them,
// rather than making new ones.
func adopted(t *testing.T, c *cluster.Cluster, actor trace.Actor, kind, selector string, from int, before, after map[string]string) {
	t.Helper()
	if len(before) == 0 || !maps.Equal(before, after) {
		t.Errorf("Pods before %v, after %v: want the same Pods, adopted", before, after)
	}
	owner := c.Object("apps", kind, "demo", name(kind))
	for _, res := range []string{"Pod", "ControllerRevision"} {
		group := "apps"
		if res == "Pod" {
			group = ""
		}
		for _, o := range list(t, c, group, res, "demo", selector) {
			if ref, ok := o.Meta.ControllerRef(); !ok || ref.UID != owner.Meta.UID {
				t.Errorf("%s %s is not controlled by the new %s", res, o.Meta.Name, kind)
			}
		}
	}
	var patched []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From != actor || ev.Verb.Kind() != trace.KindAPI || ev.Outcome.Code >= 300 {
			continue
		}
		switch {
		case ev.Verb == trace.Create && (ev.Resource == "pods" || ev.Resource == "controllerrevisions"):
			t.Errorf("the new %s created %s %s", kind, ev.Resource, ev.Name)
		case ev.Verb == trace.Patch:
			patched = append(patched, ev.Resource)
		}
	}
	if !slices.Contains(patched, "pods") || !slices.Contains(patched, "controllerrevisions") {
		t.Errorf("the new %s patched %q, want its Pods and revisions adopted", kind, patched)
	}
}

// A StatefulSet deleted with propagationPolicy Orphan leaves its Pods and
// revisions; created again, it adopts them (kubectl delete
// --cascade=orphan, then apply).
func TestStatefulSetAdoptsOrphans(t *testing.T) {
	cfg := twoWorkers(1)
	cfg.Manifests = decode(t, webStatefulSet)
	c := started(t, cfg)
	apply(t, c, "alice", webStatefulSet)
	if !c.RunUntil(func() bool {
		return len(stsPods(t, c)) == 3 && stsStatus(c) != "" && readyOf(c, "StatefulSet", "web") == 3
	}, 2*time.Minute) {
		t.Fatalf("pods %q", stsPods(t, c))
	}
	from, before, after := orphanAndRecreate(t, c, "StatefulSet", "app=web", webStatefulSet)
	adopted(t, c, "statefulset-controller", "StatefulSet", "app=web", from, before, after)
	if got := readyOf(c, "StatefulSet", "web"); got != 3 {
		t.Errorf("the adopting StatefulSet reports %d ready", got)
	}
}

// A DaemonSet deleted with propagationPolicy Orphan leaves its Pods and
// revisions; created again, it adopts them.
func TestDaemonSetAdoptsOrphans(t *testing.T) {
	manifest := dsYAML("agent:v1", "")
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return len(agentPods(t, c)) == 2 && readyOf(c, "DaemonSet", "agent") == 2 }, 2*time.Minute) {
		t.Fatalf("pods %q", agentPods(t, c))
	}
	from, before, after := orphanAndRecreate(t, c, "DaemonSet", "app=agent", manifest)
	adopted(t, c, "daemonset-controller", "DaemonSet", "app=agent", from, before, after)
	if got := readyOf(c, "DaemonSet", "agent"); got != 2 {
		t.Errorf("the adopting DaemonSet reports %d ready", got)
	}
}

// readyOf is a StatefulSet's readyReplicas or a DaemonSet's numberReady.
func readyOf(c *cluster.Cluster, kind, n string) int64 {
	o := c.Object("apps", kind, "demo", n)
	if o == nil {
		return -1
	}
	if kind == "DaemonSet" {
		return o.GetInt(".status.numberReady", 0)
	}
	return o.GetInt(".status.readyReplicas", 0)
}

// A Pod whose labels no longer match its DaemonSet's selector is released
// (its controller reference patched away) and replaced on its Node, as
// kubectl label pod --overwrite does to take a Pod out for debugging.
func TestDaemonSetReleasesRelabelledPod(t *testing.T) {
	manifest := dsYAML("agent:v1", "")
	c := dsCluster(t, manifest)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool { return readyOf(c, "DaemonSet", "agent") == 2 }, 2*time.Minute) {
		t.Fatalf("pods %q", agentPods(t, c))
	}
	pod := list(t, c, "", "Pod", "demo", "app=agent")[0]
	node := pod.GetString(".spec.nodeName")
	patch := map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "debug"}}}
	if _, err := c.Admin().Patch(c.Env().Kind("", "Pod"), "demo", pod.Meta.Name, api.MergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	replaced := c.RunUntil(func() bool {
		for _, p := range list(t, c, "", "Pod", "demo", "app=agent") {
			if p.GetString(".spec.nodeName") == node && p.Meta.UID != pod.Meta.UID {
				return true
			}
		}
		return false
	}, 2*time.Minute)
	if !replaced {
		t.Fatalf("no new Pod on %s: %q", node, agentPods(t, c))
	}
	if released := get(c, "", "Pod", "demo", pod.Meta.Name); released == nil {
		t.Error("the relabelled Pod was deleted, not released")
	} else if _, ok := released.Meta.ControllerRef(); ok {
		t.Errorf("the relabelled Pod still has its controller: %v", released.Meta.OwnerReferences)
	}
}
