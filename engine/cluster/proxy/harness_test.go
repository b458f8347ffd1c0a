package proxy

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// harness is a control plane without controllers: the tests write
// Services and EndpointSlices themselves, as "admin".
type harness struct {
	t     testing.TB
	loop  *sim.Loop
	plane *apiserver.Plane
	env   *env.Env
	net   *network.Network
	admin *client.Client
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	loop := sim.NewLoop()
	r := sim.NewRand(1)
	timings := env.Default()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r, WatchLatency: timings.LatencyWatch})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: timings}
	return &harness{t: t, loop: loop, plane: plane, env: e, net: network.New(), admin: e.Client("admin", "")}
}

func (h *harness) proxy(node string) *Proxy {
	return New(Config{Env: h.env, Node: node, Token: "", Net: h.net})
}

// create writes the YAML documents, failing the test on any error.
func (h *harness) create(yaml string) {
	h.t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		h.t.Fatal(err)
	}
	for _, d := range docs {
		if d.Err != nil {
			h.t.Fatal(d.Err)
		}
		k, _ := h.env.Kinds.For(d.Object)
		if _, err := h.admin.Create(k, d.Object, api.WriteOptions{}); err != nil {
			h.t.Fatalf("create %s: %v", d.Object.Meta.Name, err)
		}
	}
}

// service creates Service ns/name at ip with one port 80 → 8080, named
// portName, selecting app=name.
func (h *harness) service(ns, name, ip string) {
	h.create(fmt.Sprintf(`apiVersion: v1
kind: Service
metadata: {name: %s, namespace: %s}
spec:
  clusterIP: %s
  selector: {app: %s}
  ports: [{port: 80, targetPort: 8080}]
`, name, ns, ip, name))
}

// ep is one endpoint of a test slice.
type ep struct {
	ip, pod                     string
	ready, serving, terminating bool
}

func readyEP(ip, pod string) ep { return ep{ip: ip, pod: pod, ready: true, serving: true} }

func sliceEndpoints(eps []ep) []any {
	out := make([]any, 0, len(eps))
	for _, e := range eps {
		out = append(out, map[string]any{
			"addresses":  []any{e.ip},
			"conditions": map[string]any{"ready": e.ready, "serving": e.serving, "terminating": e.terminating},
			"targetRef":  map[string]any{"kind": "Pod", "namespace": "demo", "name": e.pod},
		})
	}
	return out
}

// slice creates or replaces EndpointSlice ns/name for Service svc, port
// 8080 unnamed.
func (h *harness) slice(ns, name, svc string, eps ...ep) {
	h.t.Helper()
	k := h.env.Kind("discovery.k8s.io", "EndpointSlice")
	cur, err := h.admin.Get(k, ns, name)
	if err != nil {
		o := object.New("discovery.k8s.io/v1", "EndpointSlice")
		o.Meta = object.Meta{Name: name, Namespace: ns, Labels: map[string]string{"kubernetes.io/service-name": svc}}
		o.Content["addressType"] = "IPv4"
		o.Content["ports"] = []any{map[string]any{"name": "", "port": int64(8080), "protocol": "TCP"}}
		o.Content["endpoints"] = sliceEndpoints(eps)
		if _, err := h.admin.Create(k, o, api.WriteOptions{}); err != nil {
			h.t.Fatal(err)
		}
		return
	}
	cur = cur.DeepCopy()
	cur.Content["endpoints"] = sliceEndpoints(eps)
	if _, err := h.admin.Update(k, cur, api.WriteOptions{}); err != nil {
		h.t.Fatal(err)
	}
}

// rules renders a node's rules, one per line.
func (h *harness) rules(node string) string {
	var b strings.Builder
	for _, r := range h.net.Rules(node).All() {
		fmt.Fprintf(&b, "%s:%d %s ->", r.IP, r.Port, r.Service)
		for _, be := range r.Backends {
			fmt.Fprintf(&b, " %s:%d(%s)", be.IP, be.Port, be.Pod)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// syncTimes lists the instants of a proxy's SYNC events after seq.
func syncTimes(log *trace.Log, actor trace.Actor, after int) []string {
	var out []string
	for e := range log.Query(trace.From(string(actor)), trace.Verbs(trace.Sync)).After(after).All() {
		out = append(out, e.Time.String())
	}
	return out
}

// golden compares the events of the given actors (not the API server's
// gates) with testdata/name.golden.
func golden(t *testing.T, log *trace.Log, name string, actors ...string) {
	t.Helper()
	var b strings.Builder
	for e := range log.All() {
		if !fromAny(e, actors) || e.Verb.Kind() == trace.KindGate || e.Verb == trace.Notify {
			continue
		}
		b.WriteString(line(e))
	}
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("trace differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

func fromAny(e *trace.Event, actors []string) bool {
	for _, a := range actors {
		if trace.Glob(a, string(e.From)) {
			return true
		}
	}
	return false
}

// line renders one event for a golden file.
func line(e *trace.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", e.Time, e.From)
	if e.To != "" && e.Verb.Kind() != trace.KindAPI {
		fmt.Fprintf(&b, " -> %s", e.To)
	}
	fmt.Fprintf(&b, " %s", e.Verb)
	if e.Resource != "" {
		b.WriteString(" " + e.Resource)
		if e.Subresource != "" {
			b.WriteString("/" + e.Subresource)
		}
	}
	if e.Name != "" {
		if e.Namespace != "" {
			fmt.Fprintf(&b, " %s/%s", e.Namespace, e.Name)
		} else {
			b.WriteString(" " + e.Name)
		}
	}
	if e.Outcome.Code != 0 || e.Outcome.Reason != "" {
		fmt.Fprintf(&b, " [%d %s]", e.Outcome.Code, e.Outcome.Reason)
	}
	if e.Detail != "" {
		fmt.Fprintf(&b, " %q", e.Detail)
	}
	for _, p := range e.Changes().Set {
		b.WriteString(" +" + p)
	}
	for _, p := range e.Changes().Changed {
		b.WriteString(" ~" + p)
	}
	for _, p := range e.Changes().Removed {
		b.WriteString(" -" + p)
	}
	b.WriteString("\n")
	return b.String()
}

func apiWrite() api.WriteOptions   { return api.WriteOptions{} }
func apiDelete() api.DeleteOptions { return api.DeleteOptions{} }
