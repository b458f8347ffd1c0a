package kubelet

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// cluster is a control plane (a real apiserver.Plane on a sim.Loop, no
// authentication, every request allowed, no admission) with kubelets and
// runtimes on named nodes.
type cluster struct {
	t        testing.TB
	loop     *sim.Loop
	plane    *apiserver.Plane
	env      *env.Env
	log      *trace.Log
	net      *network.Network
	images   *runtime.Catalogue
	registry *Registry
	kubelets map[string]*Kubelet
	runtimes map[string]*runtime.Runtime
	admin    *client.Client
}

func newCluster(t testing.TB, images map[string]runtime.Image, nodes ...string) *cluster {
	loop := sim.NewLoop()
	rnd := sim.NewRand(1)
	log := trace.NewLog()
	reg := NewRegistry()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: rnd, Trace: log, NodeProxy: reg})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: log, Rand: rnd, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: env.Default()}
	c := &cluster{t: t, loop: loop, plane: plane, env: e, log: log, net: network.New(), registry: reg,
		kubelets: map[string]*Kubelet{}, runtimes: map[string]*runtime.Runtime{},
		admin: e.Client("admin", "")}
	c.images = runtime.NewCatalogue(e.Timings)
	for name, im := range images {
		c.images.Images[name] = im
	}
	ns := object.New("v1", "Namespace")
	ns.Meta.Name = "demo"
	if _, err := c.admin.Create(e.Kind("", "Namespace"), ns, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	for i, n := range nodes {
		// 10.244.N.0/24, as node-ipam hands /24s out of 10.244.0.0/14.
		cidr := fmt.Sprintf("10.%d.%d.0/24", 244+(i+1)/256, (i+1)%256)
		rt := runtime.New(runtime.Config{Node: n, Loop: loop, Log: log, Rand: rnd, Images: c.images, Network: c.net, PodCIDR: cidr})
		k := New(Config{Env: e, Node: n, Runtime: rt, InternalIP: fmt.Sprintf("10.0.%d.%d", 1+(i+11)/256, (i+11)%256), PodCIDR: cidr,
			Capacity: map[string]string{"cpu": "4", "memory": "8Gi", "pods": "110"},
			Labels:   map[string]string{"topology.kubernetes.io/zone": string(rune('a' + i))}})
		reg.Add(k)
		c.kubelets[n], c.runtimes[n] = k, rt
	}
	return c
}

// start starts every kubelet, in node order.
func (c *cluster) start(nodes ...string) {
	for _, n := range nodes {
		c.kubelets[n].Start()
	}
}

func (c *cluster) kind(kind string) *object.KindInfo {
	if kind == "Lease" {
		return c.env.Kind("coordination.k8s.io", kind)
	}
	return c.env.Kind("", kind)
}

// runFor lets virtual time pass.
func (c *cluster) runFor(d time.Duration) { c.loop.RunFor(d) }

// get reads an object as the admin.
func (c *cluster) get(kind, namespace, name string) *object.Object {
	c.t.Helper()
	o, err := c.admin.Get(c.kind(kind), namespace, name)
	if err != nil {
		c.t.Fatalf("get %s %s/%s: %v", kind, namespace, name, err)
	}
	return o
}

// field reads a field of an object by path.
func (c *cluster) field(kind, namespace, name, path string) any {
	c.t.Helper()
	v, _, err := c.get(kind, namespace, name).Get(path)
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

// createPod creates a Pod bound to node (spec.nodeName set, as if the
// scheduler had bound it) from a YAML spec's containers.
func (c *cluster) createPod(name, node string, spec map[string]any) *object.Object {
	c.t.Helper()
	p := object.New("v1", "Pod")
	p.Meta.Name, p.Meta.Namespace = name, "demo"
	p.Meta.Labels = map[string]string{"app": name}
	s := object.DeepCopyValue(spec).(map[string]any)
	s["nodeName"] = node
	p.Content["spec"] = s
	out, err := c.admin.Create(c.kind("Pod"), p, api.WriteOptions{})
	if err != nil {
		c.t.Fatalf("create pod: %v", err)
	}
	return out
}

// webSpec is a Pod spec with one container of image.
func webSpec(image string) map[string]any {
	return map[string]any{"containers": []any{map[string]any{"name": "web", "image": image,
		"ports": []any{map[string]any{"containerPort": int64(80)}}}}}
}

// traceLines renders the events matching keep, one line each, for golden
// files: time, actor, verb, object, outcome, detail.
func (c *cluster) traceLines(from int, keep func(*trace.Event) bool) string {
	var b strings.Builder
	for i := from; i < c.log.Len(); i++ {
		ev := c.log.At(i)
		if !keep(ev) {
			continue
		}
		res := ev.Resource
		if ev.Subresource != "" {
			res += "/" + ev.Subresource
		}
		obj := ev.Name
		if ev.Namespace != "" {
			obj = ev.Namespace + "/" + ev.Name
		}
		fmt.Fprintf(&b, "%s %s %s %s %s", ev.Time, ev.From, ev.Verb, res, obj)
		if ev.Outcome.Code != 0 {
			fmt.Fprintf(&b, " %d", ev.Outcome.Code)
		}
		if ev.Outcome.Reason != "" {
			fmt.Fprintf(&b, " %s", ev.Outcome.Reason)
		}
		if ev.Outcome.Message != "" {
			fmt.Fprintf(&b, " %q", ev.Outcome.Message)
		}
		if ev.Detail != "" {
			fmt.Fprintf(&b, " [%s]", ev.Detail)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// byKubelets keeps what kubelets and runtimes do, and what the API server
// asks of them: their API requests, node-local calls, probes and PROXY
// calls.
func byKubelets(ev *trace.Event) bool {
	switch ev.Verb.Kind() {
	case trace.KindAPI:
		return strings.HasPrefix(string(ev.From), "kubelet/")
	case trace.KindNodeLocal, trace.KindException:
		return true
	}
	return false
}

// golden compares got with testdata/NAME.golden, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (run with -update after checking):\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// readyPods counts the Pods whose kubelets see them Ready: what the
// kubelets' status managers last sent, without API calls.
func (c *cluster) readyPods() int {
	n := 0
	for _, k := range c.kubelets {
		if k.l == nil {
			continue
		}
		for _, cs := range k.l.status.cache {
			if r := cs.status.condition(condReady); r != nil && r.status == "True" {
				n++
			}
		}
	}
	return n
}

// ready reports whether Pod demo/name's Ready condition is True.
func (c *cluster) ready(name string) bool {
	v := object.ViewPod(c.get("Pod", "demo", name))
	return v.IsReady()
}
