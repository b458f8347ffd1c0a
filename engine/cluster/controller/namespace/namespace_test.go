package namespace

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// content fills demo with one object of several resources.
func content(h *harness) {
	h.create("v1", "ConfigMap", "demo", "settings", map[string]any{"data": map[string]any{"k": "v"}})
	h.create("v1", "Secret", "demo", "token", nil)
	h.create("v1", "Service", "demo", "web", map[string]any{"spec": map[string]any{
		"selector": map[string]any{"app": "web"}, "ports": []any{map[string]any{"port": int64(80)}}}})
	h.create("coordination.k8s.io/v1", "Lease", "demo", "lock", map[string]any{"spec": map[string]any{"holderIdentity": "x"}})
	h.pod("web-a", "")
}

// Deleting a namespace removes its content, Pods first, then the
// namespace itself through the finalize subresource.
func TestNamespaceDeletion(t *testing.T) {
	h := newHarness(t)
	h.create("v1", "Namespace", "", "demo", nil)
	content(h)
	h.env.Loop.RunFor(time.Second)
	h.deleteNamespace()
	deleted := h.env.Loop.Now()
	if ns := h.get("v1", "Namespace", "", "demo"); ns == nil || ns.GetString(".status.phase") != "Terminating" {
		t.Fatalf("namespace %v, want it Terminating", ns)
	}
	h.env.Loop.RunFor(10 * time.Second)

	if h.get("v1", "Namespace", "", "demo") != nil {
		t.Fatal("namespace kept")
	}
	for _, o := range [][2]string{{"v1", "ConfigMap"}, {"v1", "Secret"}, {"v1", "Service"}, {"coordination.k8s.io/v1", "Lease"}, {"v1", "Pod"}} {
		if list, err := h.alice.List(h.kind(o[0], o[1]), "demo", api.ListOptions{}); err != nil || len(list.Items) != 0 {
			t.Errorf("%s left: %v %v", o[1], list, err)
		}
	}
	calls := h.env.Log.Query(trace.From(Name), trace.Not(trace.Verbs(trace.Reconcile))).Events()
	if len(calls) == 0 || calls[0].Time != deleted.Add(watchLatency+DeletionGracePeriod) || calls[0].Verb != trace.Get || calls[0].Resource != "namespaces" {
		t.Fatalf("first call %+v, want a GET of the namespace %v after the delete was seen", calls[0], DeletionGracePeriod)
	}
	var collections []string
	for _, c := range calls {
		if c.Verb == trace.DeleteCollection {
			collections = append(collections, c.Resource)
		}
	}
	if len(collections) < 10 || collections[0] != "pods" || !slices.Contains(collections, "configmaps") || slices.Contains(collections, "namespaces") {
		t.Errorf("deletecollection order %v, want pods first", collections)
	}
	// Status conditions, then a finalize that conflicts with them, a GET,
	// and the finalize that removes the namespace.
	var tail []string
	for _, c := range calls[len(calls)-4:] {
		tail = append(tail, c.Verb.String()+" "+c.Resource+"/"+c.Subresource+" "+itoa(c.Outcome.Code))
	}
	want := []string{"UPDATE namespaces/status 200", "UPDATE namespaces/finalize 409", "GET namespaces/ 200", "UPDATE namespaces/finalize 200"}
	if !slices.Equal(tail, want) {
		t.Errorf("last calls %q, want %q", tail, want)
	}
	if n := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Reconcile), trace.Failed()).Count(); n != 0 {
		t.Errorf("%d failed passes", n)
	}
}

// Another finalizer keeps the namespace after the controller is done; its
// status then shows the five conditions, all False.
func TestConditions(t *testing.T) {
	h := newHarness(t)
	h.create("v1", "Namespace", "", "demo", nil, func(o *object.Object) {
		o.Content["spec"] = map[string]any{"finalizers": []any{"example.com/keep"}}
	})
	h.create("v1", "ConfigMap", "demo", "settings", nil)
	h.env.Loop.RunFor(time.Second)
	h.deleteNamespace()
	h.env.Loop.RunFor(10 * time.Second)
	ns := h.get("v1", "Namespace", "", "demo")
	if ns == nil {
		t.Fatal("namespace gone despite its other finalizer")
	}
	if got := specFinalizers(ns); !slices.Equal(got, []string{"example.com/keep"}) {
		t.Errorf("spec.finalizers %v", got)
	}
	stamp := sim.Time(7 * time.Second).Wall().Format(time.RFC3339)
	for _, c := range conditionTypes {
		got, _, _ := ns.Get(".status.conditions[type=" + c.typ + "]")
		m, _ := got.(map[string]any)
		want := map[string]any{"type": c.typ, "status": "False", "reason": c.okReason, "message": c.okMessage, "lastTransitionTime": stamp}
		if !object.EqualValues(m, want) {
			t.Errorf("condition %v\nwant      %v", m, want)
		}
	}
	if h.get("v1", "ConfigMap", "demo", "settings") != nil {
		t.Error("content kept")
	}
}

// Content held by a finalizer keeps the namespace: the pass reports it in
// the conditions and comes back after 15/2+1 = 8 s, or 5 s after the
// namespace next changes (its own status update) if that is sooner; once
// the finalizer is gone the namespace goes.
func TestContentHeldByFinalizer(t *testing.T) {
	h := newHarness(t)
	h.create("v1", "Namespace", "", "demo", nil)
	h.create("v1", "ConfigMap", "demo", "held", nil, func(o *object.Object) { o.Meta.Finalizers = []string{"example.com/hold"} })
	h.env.Loop.RunFor(time.Second)
	h.deleteNamespace()
	h.env.Loop.RunFor(6 * time.Second) // deleted at 2s, seen at 2.005s, first pass at 7.005s
	ns := h.get("v1", "Namespace", "", "demo")
	for _, c := range []struct{ typ, status, message string }{
		{"NamespaceContentRemaining", "True", "Some resources are remaining: configmaps. has 1 resource instances"},
		{"NamespaceFinalizersRemaining", "True", "Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances"},
		{"NamespaceDeletionContentFailure", "False", "All content successfully deleted, may be waiting on finalization"},
	} {
		p := ".status.conditions[type=" + c.typ + "]"
		if ns.GetString(p+".status") != c.status || ns.GetString(p+".message") != c.message {
			t.Errorf("%s: %s %q", c.typ, ns.GetString(p+".status"), ns.GetString(p+".message"))
		}
	}
	var passes []sim.Time
	h.env.Loop.RunFor(20 * time.Second)
	for _, ev := range h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Reconcile)).Events() {
		passes = append(passes, ev.Time)
	}
	// 7.005s: conditions written, seen at 7.010s, queued for 12.010s
	// (earlier than 7.005s + 8s); 12.010s: nothing changed, again 8s later.
	if want := []sim.Time{at(7005), at(12010), at(20010)}; !slices.Equal(passes, want) {
		t.Errorf("passes at %v, want %v", passes, want)
	}
	held := h.get("v1", "ConfigMap", "demo", "held").DeepCopy()
	held.Meta.Finalizers = nil
	if _, err := h.alice.Update(h.kind("v1", "ConfigMap"), held, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	h.env.Loop.RunFor(10 * time.Second)
	if h.get("v1", "Namespace", "", "demo") != nil {
		t.Error("namespace kept after its content went")
	}
}

// Pods still terminating hold everything else back: the pass waits for
// their grace period and deletes nothing but Pods meanwhile.
func TestPodsFirst(t *testing.T) {
	h := newHarness(t)
	h.create("v1", "Namespace", "", "demo", nil)
	h.pod("web-a", "worker-a") // scheduled: deleted gracefully, 30 s, and nobody finishes it
	h.create("v1", "ConfigMap", "demo", "settings", nil)
	h.env.Loop.RunFor(time.Second)
	h.deleteNamespace()
	h.env.Loop.RunFor(6 * time.Second)
	pass, ok := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Reconcile)).First()
	if !ok || pass.Detail != "some content remains in the namespace, estimate 30 seconds before it is removed; again in 16s" {
		t.Fatalf("first pass %+v", pass)
	}
	if h.get("v1", "ConfigMap", "demo", "settings") == nil {
		t.Error("ConfigMap deleted while Pods remain")
	}
	// The kubelet would finish the Pod's deletion.
	if _, err := h.alice.Delete(h.kind("v1", "Pod"), "demo", "web-a", api.DeleteOptions{GracePeriodSeconds: new(int64)}); err != nil {
		t.Fatal(err)
	}
	h.env.Loop.RunFor(20 * time.Second)
	if h.get("v1", "Namespace", "", "demo") != nil {
		t.Error("namespace kept")
	}
}

// A namespace's deletion as a golden trace.
func TestNamespaceDeletionGolden(t *testing.T) {
	h := newHarness(t)
	h.create("v1", "Namespace", "", "demo", nil)
	h.create("v1", "ConfigMap", "demo", "settings", nil)
	h.pod("web-a", "")
	h.env.Loop.RunFor(time.Second)
	h.deleteNamespace()
	h.env.Loop.RunFor(10 * time.Second)
	h.golden("deletion")
}

// watchLatency is the API server's watch delivery delay
// (apiserver.Config.WatchLatency's default).
const watchLatency = 5 * time.Millisecond

// at is a virtual instant in milliseconds.
func at(ms int) sim.Time { return sim.Time(time.Duration(ms) * time.Millisecond) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
