package serviceaccount

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Every namespace gets its default ServiceAccount and its CA ConfigMap:
// the system ones at start, a new one as it appears.
func TestNamespacesGetDefaults(t *testing.T) {
	h := newHarness(t)
	for _, ns := range []string{"default", "kube-system", "kube-public", "kube-node-lease"} {
		if h.get("ServiceAccount", ns, "default") == nil || h.get("ConfigMap", ns, RootCACertConfigMapName) == nil {
			t.Errorf("namespace %s lacks its defaults", ns)
		}
	}
	mark := h.env.Log.Len()
	created := h.namespace("demo")
	h.env.Loop.RunFor(time.Second)

	sa := h.get("ServiceAccount", "demo", "default")
	if sa == nil {
		t.Fatal("no default ServiceAccount in demo")
	}
	cm := h.get("ConfigMap", "demo", RootCACertConfigMapName)
	if cm == nil || cm.GetString(".data[\"ca.crt\"]") != DefaultRootCA || cm.Meta.Annotations[DescriptionAnnotation] != Description {
		t.Fatalf("ConfigMap %v", cm)
	}
	q := h.env.Log.Query().After(mark - 1)
	for _, tc := range []struct {
		name  string
		preds []trace.Pred
	}{
		{"sa reconcile", []trace.Pred{trace.From(ServiceAccountsName), trace.Verbs(trace.Reconcile), trace.Object("demo")}},
		{"sa create", []trace.Pred{trace.From(ServiceAccountsName), trace.Verbs(trace.Create), trace.Resource("serviceaccounts"), trace.Object("demo/default"), trace.Code(201)}},
		{"ca reconcile", []trace.Pred{trace.From(RootCAPublisherName), trace.Verbs(trace.Reconcile), trace.Object("demo")}},
		{"ca create", []trace.Pred{trace.From(RootCAPublisherName), trace.Verbs(trace.Create), trace.Resource("configmaps"), trace.Object("demo/kube-root-ca.crt"), trace.Code(201)}},
	} {
		ev, ok := q.Where(tc.preds...).First()
		if !ok {
			t.Errorf("%s: no event", tc.name)
			continue
		}
		// The namespace is seen after its watch delivery, not before.
		if ev.Time <= 0 || ev.Time.Sub(h.env.Loop.Now()) > 0 || created.Meta.UID == "" {
			t.Errorf("%s at %v", tc.name, ev.Time)
		}
	}
}

// A new namespace, as a golden trace of the two controllers.
func TestNewNamespaceGolden(t *testing.T) {
	h := newHarness(t)
	mark := h.env.Log.Len()
	h.namespace("demo")
	h.env.Loop.RunFor(time.Second)
	h.golden("new-namespace", mark)
}

// Deleting what the controllers keep brings it back; editing the CA
// ConfigMap is undone.
func TestRepairs(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(h *harness)
		check  func(h *harness) bool
	}{
		{"default ServiceAccount deleted", func(h *harness) {
			if _, err := h.alice.Delete(h.kind("ServiceAccount"), "demo", "default", api.DeleteOptions{}); err != nil {
				h.t.Fatal(err)
			}
		}, func(h *harness) bool { return h.get("ServiceAccount", "demo", "default") != nil }},
		{"CA ConfigMap deleted", func(h *harness) {
			if _, err := h.alice.Delete(h.kind("ConfigMap"), "demo", RootCACertConfigMapName, api.DeleteOptions{}); err != nil {
				h.t.Fatal(err)
			}
		}, func(h *harness) bool { return h.get("ConfigMap", "demo", RootCACertConfigMapName) != nil }},
		{"CA ConfigMap edited", func(h *harness) {
			cm := h.get("ConfigMap", "demo", RootCACertConfigMapName).DeepCopy()
			cm.Content["data"] = map[string]any{"ca.crt": "forged"}
			delete(cm.Meta.Annotations, DescriptionAnnotation)
			if _, err := h.alice.Update(h.kind("ConfigMap"), cm, api.WriteOptions{}); err != nil {
				h.t.Fatal(err)
			}
		}, func(h *harness) bool {
			cm := h.get("ConfigMap", "demo", RootCACertConfigMapName)
			return cm.GetString(".data[\"ca.crt\"]") == DefaultRootCA && cm.Meta.Annotations[DescriptionAnnotation] == Description
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.namespace("demo")
			h.env.Loop.RunFor(time.Second)
			tc.break_(h)
			h.env.Loop.RunFor(time.Second)
			if !tc.check(h) {
				t.Error("not repaired")
			}
		})
	}
}

// A namespace that is terminating gets nothing new.
func TestTerminatingNamespace(t *testing.T) {
	h := newHarness(t)
	h.namespace("demo")
	h.env.Loop.RunFor(time.Second)
	// Nobody finalizes the namespace here: it stays Terminating.
	if _, err := h.alice.Delete(h.kind("Namespace"), "", "demo", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	h.env.Loop.RunFor(time.Second)
	if _, err := h.alice.Delete(h.kind("ServiceAccount"), "demo", "default", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	mark := h.env.Log.Len()
	h.env.Loop.RunFor(time.Second)
	if h.get("ServiceAccount", "demo", "default") != nil {
		t.Error("default ServiceAccount recreated in a terminating namespace")
	}
	if n := h.env.Log.Query(trace.From(ServiceAccountsName), trace.Verbs(trace.Create)).After(mark - 1).Count(); n != 0 {
		t.Errorf("%d creates", n)
	}
	if n := h.env.Log.Query(trace.From(ServiceAccountsName), trace.Verbs(trace.Reconcile), trace.Object("demo")).After(mark - 1).Count(); n != 1 {
		t.Errorf("%d reconciles of demo, want 1", n)
	}
}

// Stopped controllers do nothing more.
func TestStop(t *testing.T) {
	h := newHarness(t)
	h.sa.Stop()
	h.ca.Stop()
	mark := h.env.Log.Len()
	h.namespace("demo")
	h.env.Loop.RunFor(time.Second)
	if n := h.env.Log.Query(trace.Or(trace.From(ServiceAccountsName), trace.From(RootCAPublisherName))).After(mark - 1).Count(); n != 0 {
		t.Errorf("%d events after Stop", n)
	}
}
