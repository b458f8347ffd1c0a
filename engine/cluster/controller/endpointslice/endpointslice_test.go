package endpointslice

import (
	"fmt"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestEndpointsFollowReadiness walks one Pod through ready, not ready,
// ready again, terminating and gone, and checks the slice after each step.
func TestEndpointsFollowReadiness(t *testing.T) {
	h := newHarness(t, Config{})
	h.service("")
	h.pod("web-a", "worker-a", "10.244.1.2", true)
	h.pod("web-b", "worker-b", "10.244.2.2", true)
	h.settle()
	steps := []struct {
		name string
		act  func()
		want string
	}{
		{"both ready", func() {}, "" +
			"slice: http/8080\n" +
			"  web-a [10.244.1.2] ready=true serving=true terminating=false node=worker-a zone=a\n" +
			"  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n"},
		{"web-a fails readiness", func() { h.setStatus("web-a", "10.244.1.2", false) }, "" +
			"slice: http/8080\n" +
			"  web-a [10.244.1.2] ready=false serving=false terminating=false node=worker-a zone=a\n" +
			"  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n"},
		{"web-a ready again", func() { h.setStatus("web-a", "10.244.1.2", true) }, "" +
			"slice: http/8080\n" +
			"  web-a [10.244.1.2] ready=true serving=true terminating=false node=worker-a zone=a\n" +
			"  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n"},
		{"web-a terminating: serving, not ready", func() { h.deletePod("web-a", 30) }, "" +
			"slice: http/8080\n" +
			"  web-a [10.244.1.2] ready=false serving=true terminating=true node=worker-a zone=a\n" +
			"  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n"},
		{"web-a gone", func() { h.deletePod("web-a", 0) }, "" +
			"slice: http/8080\n" +
			"  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n"},
		{"web-b gone: the slice becomes the placeholder", func() { h.deletePod("web-b", 0) }, "" +
			"slice:\n"},
	}
	name := ""
	for _, s := range steps {
		s.act()
		h.settle()
		if got := h.endpoints(); got != s.want {
			t.Fatalf("%s:\n%s\nwant:\n%s", s.name, got, s.want)
		}
		// One slice all along: updated, never replaced.
		if n := h.slices()[0].Meta.Name; name == "" {
			name = n
		} else if n != name {
			t.Fatalf("%s: slice %s replaced by %s", s.name, name, n)
		}
	}
	golden(t, h.env.Log, "readiness")
}

func TestSliceShape(t *testing.T) {
	h := newHarness(t, Config{})
	h.service("")
	h.pod("web-a", "worker-a", "10.244.1.2", true)
	h.settle()
	sl := h.slices()
	if len(sl) != 1 {
		t.Fatalf("%d slices, want 1", len(sl))
	}
	s := sl[0]
	svc, _ := h.admin.Get(h.env.Kind("", "Service"), "demo", "web")
	checks := []struct{ path, want string }{
		{".metadata.generateName", "web-"},
		{`.metadata.labels["kubernetes.io/service-name"]`, "web"},
		{`.metadata.labels["endpointslice.kubernetes.io/managed-by"]`, "endpointslice-controller.k8s.io"},
		{".metadata.labels.tier", "front"},
		{".metadata.ownerReferences[0].kind", "Service"},
		{".metadata.ownerReferences[0].apiVersion", "v1"},
		{".metadata.ownerReferences[0].name", "web"},
		{".metadata.ownerReferences[0].uid", svc.Meta.UID},
		{".addressType", "IPv4"},
		{".ports[0].name", "http"},
		{".ports[0].protocol", "TCP"},
		{".endpoints[0].targetRef.kind", "Pod"},
		{".endpoints[0].targetRef.name", "web-a"},
		{`.metadata.annotations["endpoints.kubernetes.io/last-change-trigger-time"]`, "2026-01-01T00:00:00Z"},
	}
	for _, c := range checks {
		if got := s.GetString(c.path); got != c.want {
			t.Errorf("%s = %q, want %q", c.path, got, c.want)
		}
	}
	if ref, _ := s.Meta.ControllerRef(); !ref.IsController() || ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Errorf("owner reference %+v, want controller and blockOwnerDeletion", ref)
	}
	if _, has := s.Meta.Labels["service.kubernetes.io/headless"]; has {
		t.Error("a Service with a cluster IP got the headless label")
	}
}

// TestManyPodsSplitIntoSlices: 250 Pods make slices of 100, 100 and 50.
func TestManyPodsSplitIntoSlices(t *testing.T) {
	cases := []struct {
		name string
		max  int
		pods int
		want []int
	}{
		{"250 Pods, default 100 per slice", 0, 250, []int{100, 100, 50}},
		{"100 Pods fill one slice", 0, 100, []int{100}},
		{"7 Pods, 3 per slice", 3, 7, []int{3, 3, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{MaxEndpointsPerSlice: tc.max})
			h.service("")
			for i := range tc.pods {
				h.pod(fmt.Sprintf("web-%03d", i), "worker-a", fmt.Sprintf("10.244.%d.%d", 1+i/200, 2+i%200), true)
			}
			h.settle()
			var got []int
			for _, s := range h.slices() {
				got = append(got, len(object.ViewEndpointSlice(s).Endpoints))
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("slices of %v endpoints, want %v", got, tc.want)
			}
		})
	}
}

// TestMinimalChurn: removing Pods from one full slice and adding new ones
// updates that slice only; the others are not written.
func TestMinimalChurn(t *testing.T) {
	h := newHarness(t, Config{})
	h.service("")
	for i := range 250 {
		h.pod(fmt.Sprintf("web-%03d", i), "worker-a", fmt.Sprintf("10.244.%d.%d", 1+i/200, 2+i%200), true)
	}
	h.settle()
	before := map[string]string{}
	for _, s := range h.slices() {
		before[s.Meta.Name] = s.Meta.ResourceVersion
	}
	start := h.env.Log.Len()
	for i := 100; i < 110; i++ { // ten Pods of the second slice go
		h.deletePod(fmt.Sprintf("web-%03d", i), 0)
	}
	for i := range 5 {
		h.pod(fmt.Sprintf("web-new-%d", i), "worker-b", fmt.Sprintf("10.244.3.%d", 2+i), true)
	}
	h.settle()
	var changed []string
	sizes := map[string]int{}
	for _, s := range h.slices() {
		sizes[s.Meta.Name] = len(object.ViewEndpointSlice(s).Endpoints)
		if before[s.Meta.Name] != s.Meta.ResourceVersion {
			changed = append(changed, fmt.Sprintf("%s(%d)", s.Meta.Name, sizes[s.Meta.Name]))
		}
	}
	if len(sizes) != 3 {
		t.Fatalf("%d slices, want still 3: %v", len(sizes), sizes)
	}
	if len(changed) != 1 || !strings.HasSuffix(changed[0], "(95)") {
		t.Errorf("changed slices %v, want only the second one, now with 95 endpoints", changed)
	}
	if n := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Create, trace.Delete)).After(start - 1).Count(); n != 0 {
		t.Errorf("%d slice creates or deletes, want 0", n)
	}
}

func TestEndpointConditionsAndPorts(t *testing.T) {
	cases := []struct {
		name    string
		service string
		pod     func(h *harness)
		want    string
	}{
		{"publishNotReadyAddresses: a not-ready Pod is ready", "  publishNotReadyAddresses: true\n",
			func(h *harness) { h.pod("web-a", "worker-a", "10.244.1.2", false) },
			"slice: http/8080\n  web-a [10.244.1.2] ready=true serving=false terminating=false node=worker-a zone=a\n"},
		{"a Pod without an IP is not listed", "",
			func(h *harness) {
				h.create("apiVersion: v1\nkind: Pod\nmetadata: {name: web-a, namespace: demo, labels: {app: web}}\nspec: {nodeName: worker-a, containers: [{name: web, image: x, ports: [{name: http, containerPort: 8080}]}]}\n")
			},
			"slice:\n"},
		{"a Pod on an unknown Node is skipped", "",
			func(h *harness) { h.pod("web-a", "worker-z", "10.244.9.2", true) },
			"slice:\n"},
		{"a named targetPort the Pod lacks: no port, own slice", "",
			func(h *harness) {
				h.pod("web-a", "worker-a", "10.244.1.2", true)
				h.create("apiVersion: v1\nkind: Pod\nmetadata: {name: web-b, namespace: demo, labels: {app: web}}\nspec: {nodeName: worker-b, containers: [{name: web, image: x, ports: [{name: metrics, containerPort: 9090}]}]}\n")
				h.setStatus("web-b", "10.244.2.2", true)
			},
			"slice:\n  web-b [10.244.2.2] ready=true serving=true terminating=false node=worker-b zone=b\n" +
				"slice: http/8080\n  web-a [10.244.1.2] ready=true serving=true terminating=false node=worker-a zone=a\n"},
		{"a finished Pod is not listed", "",
			func(h *harness) {
				h.pod("web-a", "worker-a", "10.244.1.2", false)
				k := h.env.Kind("", "Pod")
				o, _ := h.admin.Get(k, "demo", "web-a")
				o = o.DeepCopy()
				o.Content["status"].(map[string]any)["phase"] = "Succeeded"
				if _, err := h.admin.UpdateStatus(k, o, apiWrite()); err != nil {
					t.Fatal(err)
				}
			},
			"slice:\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.service(tc.service)
			tc.pod(h)
			h.settle()
			if got := h.endpoints(); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestUnknownNodeIsRetried(t *testing.T) {
	h := newHarness(t, Config{})
	h.service("")
	h.pod("web-a", "worker-z", "10.244.9.2", true)
	h.settle()
	e, ok := h.env.Log.Query(trace.From(Name), trace.Verbs(trace.Reconcile)).Last()
	if !ok || e.Outcome.Message != "skipping Pod web-a for Service demo/web: Node worker-z Not Found" || e.Detail == "" {
		t.Fatalf("last reconcile %+v, want the Node error and a requeue", e)
	}
	h.create("apiVersion: v1\nkind: Node\nmetadata: {name: worker-z}\n")
	h.loop.RunFor(60e9)
	if got, want := h.endpoints(), "slice: http/8080\n  web-a [10.244.9.2] ready=true serving=true terminating=false node=worker-z zone=\n"; got != want {
		t.Errorf("after the Node appears:\n%s\nwant:\n%s", got, want)
	}
}

func TestForeignSliceChangeIsReverted(t *testing.T) {
	h := newHarness(t, Config{})
	h.service("")
	h.pod("web-a", "worker-a", "10.244.1.2", true)
	h.settle()
	want := h.endpoints()
	s := h.slices()[0].DeepCopy()
	s.Content["endpoints"] = []any{}
	if _, err := h.admin.Update(h.env.Kind("discovery.k8s.io", "EndpointSlice"), s, apiWrite()); err != nil {
		t.Fatal(err)
	}
	h.settle()
	if got := h.endpoints(); got != want {
		t.Errorf("after another writer emptied the slice:\n%s\nwant it restored:\n%s", got, want)
	}
}
