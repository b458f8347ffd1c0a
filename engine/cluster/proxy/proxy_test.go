package proxy

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// kubeRule is the rule of the kubernetes Service, which the API server
// creates with its EndpointSlice.
const kubeRule = "10.96.0.1:443 default/kubernetes -> 10.0.0.10:6443()\n"

func TestProxyProgramsRulesFromSlices(t *testing.T) {
	cases := []struct {
		name string
		eps  []ep
		want string
	}{
		{"ready endpoints, sorted by IP:port",
			[]ep{readyEP("10.244.2.9", "web-c"), readyEP("10.244.1.10", "web-a"), readyEP("10.244.1.2", "web-b")},
			"10.96.0.50:80 demo/web -> 10.244.1.10:8080(demo/web-a) 10.244.1.2:8080(demo/web-b) 10.244.2.9:8080(demo/web-c)\n"},
		{"not ready endpoints are left out",
			[]ep{readyEP("10.244.1.2", "web-a"), {ip: "10.244.1.3", pod: "web-b"}},
			"10.96.0.50:80 demo/web -> 10.244.1.2:8080(demo/web-a)\n"},
		{"ready beats serving and terminating",
			[]ep{readyEP("10.244.1.2", "web-a"), {ip: "10.244.1.3", pod: "web-b", serving: true, terminating: true}},
			"10.96.0.50:80 demo/web -> 10.244.1.2:8080(demo/web-a)\n"},
		{"no ready endpoint: serving terminating ones",
			[]ep{{ip: "10.244.1.2", pod: "web-a"}, {ip: "10.244.1.3", pod: "web-b", serving: true, terminating: true}},
			"10.96.0.50:80 demo/web -> 10.244.1.3:8080(demo/web-b)\n"},
		{"no usable endpoint: a rule without backends (REJECT)",
			[]ep{{ip: "10.244.1.2", pod: "web-a"}},
			"10.96.0.50:80 demo/web ->\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.service("demo", "web", "10.96.0.50")
			h.slice("demo", "web-abcde", "web", tc.eps...)
			p := h.proxy("worker-a")
			p.Start()
			h.loop.RunFor(time.Second)
			if got := h.rules("worker-a"); got != kubeRule+tc.want {
				t.Errorf("rules:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestProxySkipsWhatKubeProxySkips(t *testing.T) {
	h := newHarness(t)
	h.create(`apiVersion: v1
kind: Service
metadata: {name: headless, namespace: demo}
spec: {clusterIP: None, selector: {app: db}, ports: [{port: 5432}]}
---
apiVersion: v1
kind: Service
metadata: {name: other, namespace: demo, labels: {service.kubernetes.io/service-proxy-name: cilium}}
spec: {clusterIP: 10.96.0.60, selector: {app: x}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: dns, namespace: demo}
spec: {clusterIP: 10.96.0.61, selector: {app: dns}, ports: [{name: udp, port: 53, protocol: UDP}, {name: tcp, port: 53, protocol: TCP}]}
`)
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(time.Second)
	want := kubeRule + "10.96.0.61:53 demo/dns ->\n"
	if got := h.rules("worker-a"); got != want {
		t.Errorf("rules:\n%s\nwant:\n%s", got, want)
	}
}

// TestProxySyncRespectsMinSyncPeriod changes the Service's slice at the
// given offsets and checks when the proxy syncs: at once when the previous
// sync is at least minSyncPeriod (1 s) old, else 1 s after it, with the
// changes in between coalesced into one sync.
func TestProxySyncRespectsMinSyncPeriod(t *testing.T) {
	cases := []struct {
		name    string
		changes []time.Duration // after the initial sync, at t=10s
		want    []string
	}{
		{"one change syncs at once (after watch delivery)", []time.Duration{0}, []string{"10.005s"}},
		{"a change 300ms later waits for 1s after the first sync",
			[]time.Duration{0, 300 * time.Millisecond}, []string{"10.005s", "11.005s"}},
		{"three changes within a second: two syncs",
			[]time.Duration{0, 300 * time.Millisecond, 600 * time.Millisecond}, []string{"10.005s", "11.005s"}},
		{"changes 2s apart: each syncs at once",
			[]time.Duration{0, 2 * time.Second}, []string{"10.005s", "12.005s"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.service("demo", "web", "10.96.0.50")
			h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"))
			p := h.proxy("worker-a")
			p.Start()
			h.loop.RunFor(10 * time.Second)
			start := h.env.Log.Len()
			for i, d := range tc.changes {
				ready := i%2 == 1
				h.loop.At(sim.Time(10*time.Second+d), func() {
					h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"), ep{ip: "10.244.1.3", pod: "web-b", ready: ready, serving: ready})
				})
			}
			h.loop.RunFor(5 * time.Second)
			if got := syncTimes(h.env.Log, p.Name(), start); !slices.Equal(got, tc.want) {
				t.Errorf("syncs at %v, want %v", got, tc.want)
			}
		})
	}
}

func TestProxyNoSyncForIrrelevantChanges(t *testing.T) {
	h := newHarness(t)
	h.service("demo", "web", "10.96.0.50")
	h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"))
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(time.Second)
	start := h.env.Log.Len()
	// A label on the Service changes nothing the rules use.
	k := h.env.Kind("", "Service")
	svc, _ := h.admin.Get(k, "demo", "web")
	svc = svc.DeepCopy()
	svc.Meta.Labels = map[string]string{"tier": "front"}
	if _, err := h.admin.Update(k, svc, apiWrite()); err != nil {
		t.Fatal(err)
	}
	h.loop.RunFor(2 * time.Hour)
	// No change-driven sync; one full sync when FullSyncPeriod has passed.
	if got, want := syncTimes(h.env.Log, p.Name(), start), []string{"1h00m00.000s", "2h00m00.000s"}; !slices.Equal(got, want) {
		t.Errorf("syncs at %v, want %v", got, want)
	}
	for e := range h.env.Log.Query(trace.From(string(p.Name())), trace.Verbs(trace.Sync)).After(start).All() {
		if e.Detail != "full sync: 2 rules, 2 backends" || e.Change != nil {
			t.Errorf("hourly sync %q %+v, want a full sync that changes nothing", e.Detail, e.Change)
		}
	}
}

// TestProxyStoppedLeavesStaleRules is `remove kube-proxy`: the rules stay
// and keep the endpoints they had; a new proxy process resyncs them.
func TestProxyStoppedLeavesStaleRules(t *testing.T) {
	h := newHarness(t)
	h.service("demo", "web", "10.96.0.50")
	h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"), readyEP("10.244.1.3", "web-b"))
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(time.Second)
	before := h.rules("worker-a")

	p.Stop()
	if p.Running() {
		t.Fatal("still running after Stop")
	}
	h.slice("demo", "web-abcde", "web", readyEP("10.244.1.3", "web-b"))
	h.create(`apiVersion: v1
kind: Service
metadata: {name: api, namespace: demo}
spec: {clusterIP: 10.96.0.51, selector: {app: api}, ports: [{port: 80}]}
`)
	h.loop.RunFor(5 * time.Minute)
	if got := h.rules("worker-a"); got != before {
		t.Errorf("rules changed while kube-proxy was stopped:\n%s\nwant the stale ones:\n%s", got, before)
	}
	if n := h.env.Log.Query(trace.From(string(p.Name()))).After(0).Where(trace.Verbs(trace.Sync)).Count(); n != 1 {
		t.Errorf("%d SYNC events, want 1 (the first start)", n)
	}

	p.Start()
	h.loop.RunFor(time.Second)
	want := kubeRule +
		"10.96.0.50:80 demo/web -> 10.244.1.3:8080(demo/web-b)\n" +
		"10.96.0.51:80 demo/api ->\n"
	if got := h.rules("worker-a"); got != want {
		t.Errorf("rules after restart:\n%s\nwant:\n%s", got, want)
	}
	last, _ := h.env.Log.Query(trace.From(string(p.Name())), trace.Verbs(trace.Sync)).Last()
	if last.Detail != "full sync: 3 rules, 2 backends" {
		t.Errorf("restart sync detail %q", last.Detail)
	}
}

// TestProxyResyncsAfterFlush: the iptables Monitor notices flushed rules
// within syncPeriod (30 s) and forces a full sync.
func TestProxyResyncsAfterFlush(t *testing.T) {
	h := newHarness(t)
	h.service("demo", "web", "10.96.0.50")
	h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"))
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(time.Second)
	want := h.rules("worker-a")
	h.loop.At(sim.Time(40*time.Second), func() { h.net.DropRules("worker-a") })
	start := h.env.Log.Len()
	h.loop.RunFor(time.Minute)
	if got := syncTimes(h.env.Log, p.Name(), start); !slices.Equal(got, []string{"1m00.000s"}) {
		t.Errorf("syncs at %v, want [1m00.000s] (monitor every 30s from the start)", got)
	}
	if got := h.rules("worker-a"); got != want {
		t.Errorf("rules after resync:\n%s\nwant:\n%s", got, want)
	}
}

func TestProxyTraceGolden(t *testing.T) {
	h := newHarness(t)
	h.service("demo", "web", "10.96.0.50")
	h.slice("demo", "web-abcde", "web", readyEP("10.244.1.2", "web-a"), readyEP("10.244.2.2", "web-b"))
	p := h.proxy("worker-a")
	p.Start()
	h.loop.RunFor(5 * time.Second)
	h.slice("demo", "web-abcde", "web", readyEP("10.244.2.2", "web-b"))
	h.loop.RunFor(5 * time.Second)
	k := h.env.Kind("", "Service")
	if _, err := h.admin.Delete(k, "demo", "web", apiDelete()); err != nil {
		t.Fatal(err)
	}
	h.loop.RunFor(5 * time.Second)
	golden(t, h.env.Log, "proxy", "proxy/*")
}
