package garbagecollector

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A ReplicaSet with two Pods, deleted with each propagation policy: what
// is left, and in which order things went.
func TestPropagationPolicies(t *testing.T) {
	for _, tc := range []struct {
		name     string
		policy   api.DeletionPropagation
		block    bool
		podsLeft int
		// check looks at the run; rs is the ReplicaSet's final state.
		check func(t *testing.T, h *harness)
	}{
		{name: "background", policy: api.PropagationBackground, block: true, check: func(t *testing.T, h *harness) {
			// The owner goes at once; the collector deletes the Pods after.
			gone := firstEvent(t, h, trace.From("alice"), trace.Verbs(trace.Delete))
			for _, d := range h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Delete)).Events() {
				if d.Time <= gone.Time || d.Resource != "pods" || d.Outcome.Code != 200 {
					t.Errorf("collector deleted %s %s at %v (owner deleted at %v), answered %d", d.Resource, d.Name, d.Time, gone.Time, d.Outcome.Code)
				}
			}
		}},
		{name: "foreground", policy: api.PropagationForeground, block: true, check: func(t *testing.T, h *harness) {
			// The owner waits with its finalizer until both Pods are gone,
			// then loses it to a patch and is removed.
			deletes := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Delete), trace.Resource("pods")).Events()
			patch := firstEvent(t, h, trace.From(Name), trace.Verbs(trace.Patch), trace.Resource("replicasets"))
			if len(deletes) != 2 || deletes[1].Seq > patch.Seq {
				t.Errorf("pod deletes %d, the last before the finalizer patch: %v", len(deletes), len(deletes) == 2 && deletes[1].Seq < patch.Seq)
			}
		}},
		{name: "foreground without blocking", policy: api.PropagationForeground, block: false, check: func(t *testing.T, h *harness) {
			// No dependent blocks: the finalizer goes on the first look,
			// while the Pods are deleted too.
			if n := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Delete), trace.Resource("pods")).Count(); n != 2 {
				t.Errorf("pod deletes %d, want 2", n)
			}
		}},
		{name: "orphan", policy: api.PropagationOrphan, block: true, podsLeft: 2, check: func(t *testing.T, h *harness) {
			for _, name := range []string{"web-a", "web-b"} {
				if p := h.get("v1", "Pod", "demo", name); p != nil && len(p.Meta.OwnerReferences) != 0 {
					t.Errorf("orphaned pod %s keeps %v", name, p.Meta.OwnerReferences)
				}
			}
			if n := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Patch), trace.Resource("pods")).Count(); n != 2 {
				t.Errorf("pod patches %d, want 2", n)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			rs := h.replicaSet("web")
			h.pod("web-a", ownedBy(rs, tc.block))
			h.pod("web-b", ownedBy(rs, tc.block))
			h.env.Loop.RunFor(time.Second)
			h.remove(rs, tc.policy)
			if tc.policy != api.PropagationBackground {
				if cur := h.get("apps/v1", "ReplicaSet", "demo", "web"); cur == nil || cur.Meta.DeletionTimestamp == nil {
					t.Fatalf("ReplicaSet %v, want it kept with a deletionTimestamp", cur)
				}
			}
			h.env.Loop.RunFor(10 * time.Second)
			if cur := h.get("apps/v1", "ReplicaSet", "demo", "web"); cur != nil {
				t.Errorf("ReplicaSet left with finalizers %v", cur.Meta.Finalizers)
			}
			left := 0
			for _, name := range []string{"web-a", "web-b"} {
				if h.get("v1", "Pod", "demo", name) != nil {
					left++
				}
			}
			if left != tc.podsLeft {
				t.Errorf("%d pods left, want %d", left, tc.podsLeft)
			}
			tc.check(t, h)
			if n := h.env.Log.Query(trace.From(Name), trace.Failed(), trace.Not(trace.Verbs(trace.Get))).Count(); n != 0 {
				t.Errorf("%d failed collector events", n)
			}
		})
	}
}

// Dependents whose owner reference dangles are deleted; one with a solid
// owner besides loses only the dangling reference.
func TestDanglingReferences(t *testing.T) {
	for _, tc := range []struct {
		name string
		refs func(h *harness) []object.OwnerReference
		// kept is whether the Pod stays, and with how many references.
		kept bool
		refN int
	}{
		{name: "owner UID mismatch", refs: func(h *harness) []object.OwnerReference {
			rs := h.replicaSet("web")
			r := ownedBy(rs, true)
			r.UID = "00000000-0000-4000-8000-000000000001"
			return []object.OwnerReference{r}
		}},
		{name: "owner never existed", refs: func(h *harness) []object.OwnerReference {
			r := ownedBy(obj("apps/v1", "ReplicaSet", "demo", "ghost", nil), true)
			r.UID = "00000000-0000-4000-8000-000000000002"
			return []object.OwnerReference{r}
		}},
		{name: "solid owner and dangling one", kept: true, refN: 1, refs: func(h *harness) []object.OwnerReference {
			rs := h.replicaSet("web")
			cm := ownedBy(obj("v1", "ConfigMap", "demo", "gone", nil), false)
			cm.UID, cm.Controller = "00000000-0000-4000-8000-000000000003", nil
			return []object.OwnerReference{ownedBy(rs, true), cm}
		}},
		{name: "solid owner", kept: true, refN: 1, refs: func(h *harness) []object.OwnerReference {
			return []object.OwnerReference{ownedBy(h.replicaSet("web"), true)}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.pod("web-a", tc.refs(h)...)
			h.env.Loop.RunFor(5 * time.Second)
			p := h.get("v1", "Pod", "demo", "web-a")
			switch {
			case !tc.kept && p != nil:
				t.Errorf("pod kept with %v", p.Meta.OwnerReferences)
			case tc.kept && p == nil:
				t.Error("pod deleted")
			case tc.kept && len(p.Meta.OwnerReferences) != tc.refN:
				t.Errorf("pod references %v, want %d", p.Meta.OwnerReferences, tc.refN)
			}
			if rs := h.get("apps/v1", "ReplicaSet", "demo", "web"); tc.name != "owner never existed" && rs == nil {
				t.Error("the ReplicaSet itself was deleted")
			}
		})
	}
}

// A Pod created after its owner is already gone is deleted too: its
// owner's node is virtual, the API server denies it, and the absent owner
// is remembered.
func TestDependentOfDeletedOwner(t *testing.T) {
	h := newHarness(t)
	rs := h.replicaSet("web")
	h.env.Loop.RunFor(time.Second)
	h.remove(rs, api.PropagationBackground)
	h.env.Loop.RunFor(time.Second)
	h.pod("late", ownedBy(rs, true))
	h.env.Loop.RunFor(5 * time.Second)
	if h.get("v1", "Pod", "demo", "late") != nil {
		t.Error("pod of a deleted owner kept")
	}
	if len(h.gc.graph.nodes) == 0 {
		t.Fatal("empty graph")
	}
	if _, ok := h.gc.graph.read(rs.Meta.UID); ok {
		t.Error("the deleted owner's node stayed in the graph")
	}
}

// A Foreground owner keeps its finalizer for as long as a blocking
// dependent exists, here one held by a finalizer of its own; without
// blockOwnerDeletion the dependent does not hold the owner back.
func TestForegroundWaitsForBlockingDependent(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block bool
	}{{"blocking", true}, {"not blocking", false}} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			rs := h.replicaSet("web")
			p := obj("v1", "Pod", "demo", "held", map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}})
			p.Meta.OwnerReferences = []object.OwnerReference{ownedBy(rs, tc.block)}
			p.Meta.Finalizers = []string{"example.com/hold"}
			h.create(p)
			h.env.Loop.RunFor(time.Second)
			h.remove(rs, api.PropagationForeground)
			h.env.Loop.RunFor(30 * time.Second)
			held := h.get("v1", "Pod", "demo", "held")
			if held == nil || held.Meta.DeletionTimestamp == nil {
				t.Fatalf("held pod %v, want it kept, being deleted", held)
			}
			owner := h.get("apps/v1", "ReplicaSet", "demo", "web")
			if tc.block != (owner != nil) {
				t.Fatalf("owner present %v, want %v", owner != nil, tc.block)
			}
			if !tc.block {
				return
			}
			held = held.DeepCopy()
			held.Meta.Finalizers = nil
			if _, err := h.alice.Update(h.kind("v1", "Pod"), held, api.WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			h.env.Loop.RunFor(5 * time.Second)
			if h.get("apps/v1", "ReplicaSet", "demo", "web") != nil {
				t.Error("owner kept after its last blocking dependent went")
			}
		})
	}
}

// Owner references are classified against the API server: solid,
// dangling (not found, or another UID: then remembered as absent) and
// waiting (deleting in the foreground).
func TestClassifyReferences(t *testing.T) {
	h := newHarness(t)
	rs := h.replicaSet("web")
	fg := h.replicaSet("fg")
	h.pod("keep", ownedBy(fg, true))
	h.env.Loop.RunFor(time.Second)
	h.gc.Stop() // classify by hand, with nobody acting on the result
	h.remove(fg, api.PropagationForeground)
	other := ownedBy(rs, true)
	other.UID = "00000000-0000-4000-8000-000000000009"
	ghost := ownedBy(obj("apps/v1", "ReplicaSet", "demo", "ghost", nil), true)
	ghost.UID = "00000000-0000-4000-8000-00000000000a"
	item := &node{identity: objectReference{APIVersion: "v1", Kind: "Pod", Name: "p", UID: "u", Namespace: "demo"}}
	refs := []object.OwnerReference{ownedBy(rs, true), other, ghost, ownedBy(fg, true)}
	solid, dangling, waiting, err := h.gc.classifyReferences(item, refs)
	if err != nil {
		t.Fatal(err)
	}
	if describe(solid) != "ReplicaSet web" || describe(dangling) != "ReplicaSet web, ReplicaSet ghost" || describe(waiting) != "ReplicaSet fg" {
		t.Errorf("solid %q, dangling %q, waiting %q", describe(solid), describe(dangling), describe(waiting))
	}
	for _, r := range []object.OwnerReference{other, ghost} {
		if !h.gc.absent.has(coordinates(r, "demo")) {
			t.Errorf("absent owner %s %s not remembered", r.Name, r.UID)
		}
	}
	if dangling[0].UID != other.UID {
		t.Errorf("dangling %v", dangling)
	}
}

// Stop removes the collector from the informers and ends its workers.
func TestStop(t *testing.T) {
	h := newHarness(t)
	rs := h.replicaSet("web")
	h.pod("web-a", ownedBy(rs, true))
	h.env.Loop.RunFor(time.Second)
	h.gc.Stop()
	h.remove(rs, api.PropagationBackground)
	h.env.Loop.RunFor(10 * time.Second)
	if h.get("v1", "Pod", "demo", "web-a") == nil {
		t.Error("a stopped collector deleted the pod")
	}
	if n := h.env.Log.Query(trace.From(Name)).Count(); n != 0 {
		t.Errorf("%d events from the collector", n)
	}
}

// The collector monitors every deletable resource but events, each once,
// in discovery order.
func TestMonitoredResources(t *testing.T) {
	h := newHarness(t)
	seen := map[string]bool{}
	for _, m := range h.gc.monitors {
		r := m.kind.GroupResource()
		if seen[r] || r == "events" || !m.kind.HasVerb("delete") {
			t.Errorf("monitor for %s", r)
		}
		seen[r] = true
	}
	for _, r := range []string{"pods", "replicasets.apps", "deployments.apps", "statefulsets.apps", "services", "endpointslices.discovery.k8s.io",
		"configmaps", "secrets", "persistentvolumeclaims", "leases.coordination.k8s.io", "namespaces", "nodes"} {
		if !seen[r] {
			t.Errorf("no monitor for %s", r)
		}
	}
	if !h.gc.synced() {
		t.Error("monitors not synced after a second")
	}
}

// Foreground deletion, as a golden trace of the collector's decisions and
// calls.
func TestForegroundGolden(t *testing.T) {
	h := newHarness(t)
	rs := h.replicaSet("web")
	h.pod("web-a", ownedBy(rs, true))
	h.pod("web-b", ownedBy(rs, true))
	h.env.Loop.RunFor(time.Second)
	h.remove(rs, api.PropagationForeground)
	h.env.Loop.RunFor(5 * time.Second)
	h.golden("foreground")
}

// firstEvent returns the first event matching preds.
func firstEvent(t *testing.T, h *harness, preds ...trace.Pred) *trace.Event {
	t.Helper()
	ev, ok := h.env.Log.Query(preds...).First()
	if !ok {
		t.Fatal("no such event")
	}
	return ev
}
