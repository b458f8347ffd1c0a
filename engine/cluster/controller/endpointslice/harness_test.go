package endpointslice

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// harness is a control plane, a controller-manager context with this
// controller only, and the nodes worker-a (zone a) and worker-b (zone b).
// The tests play the scheduler and the kubelets: they create Pods bound to
// a node and write their status.
type harness struct {
	t     testing.TB
	loop  *sim.Loop
	plane *apiserver.Plane
	env   *env.Env
	admin *client.Client
	ctx   *controller.Context
	c     *Controller
}

func newHarness(t testing.TB, cfg Config) *harness {
	t.Helper()
	loop := sim.NewLoop()
	r := sim.NewRand(1)
	timings := env.Default()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r, WatchLatency: timings.LatencyWatch})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: timings}
	h := &harness{t: t, loop: loop, plane: plane, env: e, admin: e.Client("admin", "")}
	h.ctx = &controller.Context{Env: e, Informers: cache.NewFactory(e.Client("kube-controller-manager", ""), 0),
		ClientFor: func(name string) *client.Client { return e.Client(trace.Actor(name), "") },
		Manager:   "kube-controller-manager"}
	for _, n := range []struct{ name, zone string }{{"worker-a", "a"}, {"worker-b", "b"}} {
		h.create(fmt.Sprintf("apiVersion: v1\nkind: Node\nmetadata: {name: %s, labels: {topology.kubernetes.io/zone: %s}}\n", n.name, n.zone))
	}
	h.c = New(cfg)
	h.c.Start(h.ctx)
	h.ctx.Informers.Start()
	return h
}

func (h *harness) create(yaml string) *object.Object {
	h.t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		h.t.Fatal(err)
	}
	var last *object.Object
	for _, d := range docs {
		if d.Err != nil {
			h.t.Fatal(d.Err)
		}
		k, _ := h.env.Kinds.For(d.Object)
		o, err := h.admin.Create(k, d.Object, api.WriteOptions{})
		if err != nil {
			h.t.Fatalf("create %s: %v", d.Object.Meta.Name, err)
		}
		last = o
	}
	return last
}

// service creates demo/web: app=web, port 80 named "http" to the
// container port named "http".
func (h *harness) service(extra string) {
	h.create(`apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo, labels: {tier: front}}
spec:
  selector: {app: web}
  ports: [{name: http, port: 80, targetPort: http}]
` + extra)
}

// pod creates a Pod of app=web bound to node, running with ip, Ready or
// not, as the kubelet would report it.
func (h *harness) pod(name, node, ip string, ready bool) {
	h.t.Helper()
	h.create(fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata: {name: %s, namespace: demo, labels: {app: web}}
spec:
  nodeName: %s
  containers: [{name: web, image: "web:v1", ports: [{name: http, containerPort: 8080}]}]
`, name, node))
	h.setStatus(name, ip, ready)
}

// setStatus writes a Pod's status through pods/status.
func (h *harness) setStatus(name, ip string, ready bool) {
	h.t.Helper()
	k := h.env.Kind("", "Pod")
	o, err := h.admin.Get(k, "demo", name)
	if err != nil {
		h.t.Fatal(err)
	}
	o = o.DeepCopy()
	status := "False"
	if ready {
		status = "True"
	}
	now := h.loop.Now().RFC3339()
	o.Content["status"] = map[string]any{
		"phase": "Running", "podIP": ip, "podIPs": []any{map[string]any{"ip": ip}}, "hostIP": "10.0.1.1",
		"conditions": []any{map[string]any{"type": "Ready", "status": status, "lastTransitionTime": now}},
	}
	if _, err := h.admin.UpdateStatus(k, o, api.WriteOptions{}); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) deletePod(name string, grace int64) {
	h.t.Helper()
	if _, err := h.admin.Delete(h.env.Kind("", "Pod"), "demo", name, api.DeleteOptions{GracePeriodSeconds: &grace}); err != nil {
		h.t.Fatal(err)
	}
}

// slices lists demo/web's slices as stored.
func (h *harness) slices() []*object.Object {
	h.t.Helper()
	l, err := h.admin.List(h.env.Kind("discovery.k8s.io", "EndpointSlice"), "demo",
		api.ListOptions{LabelSelector: "kubernetes.io/service-name=web"})
	if err != nil {
		h.t.Fatal(err)
	}
	return l.Items
}

// endpoints renders demo/web's endpoints, one line each, slice by slice
// ("slice:" and its ports, then its endpoints in order); slices are sorted
// by their rendering, as their names are random.
func (h *harness) endpoints() string {
	var blocks []string
	for _, s := range h.slices() {
		var b strings.Builder
		v := object.ViewEndpointSlice(s)
		b.WriteString("slice:")
		for _, p := range v.Ports {
			fmt.Fprintf(&b, " %s/%d", p.Name, p.Port)
		}
		b.WriteString("\n")
		for _, e := range v.Endpoints {
			fmt.Fprintf(&b, "  %s %v ready=%t serving=%t terminating=%t node=%s zone=%s\n",
				e.TargetName, e.Addresses, e.Ready, e.Serving, e.Terminating, e.NodeName, e.Zone)
		}
		blocks = append(blocks, b.String())
	}
	slices.Sort(blocks)
	return strings.Join(blocks, "")
}

func (h *harness) settle() { h.loop.RunFor(3 * time.Second) }

// golden compares the controller's events (not the API server's gates)
// with testdata/name.golden.
func golden(t *testing.T, log *trace.Log, name string) {
	t.Helper()
	var b strings.Builder
	for e := range log.Query(trace.From(Name)).All() {
		if e.Verb.Kind() == trace.KindGate {
			continue
		}
		fmt.Fprintf(&b, "%s %s %s %s", e.Time, e.From, e.Verb, e.Resource)
		if e.Name != "" {
			fmt.Fprintf(&b, " %s/%s", e.Namespace, e.Name)
		}
		if e.Outcome.Code != 0 || e.Outcome.Reason != "" {
			fmt.Fprintf(&b, " [%d %s %s]", e.Outcome.Code, e.Outcome.Reason, e.Outcome.Message)
		}
		if e.Detail != "" {
			fmt.Fprintf(&b, " %q", e.Detail)
		}
		b.WriteString("\n")
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

func apiWrite() api.WriteOptions { return api.WriteOptions{} }
