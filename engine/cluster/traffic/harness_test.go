package traffic

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
	"github.com/loopbook/loopbook/engine/cluster/proxy"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// backend answers like a web container: 200 with its Pod's name.
type backend struct{ pod string }

func (b backend) Serve(port int32, path string) network.Answer {
	if port != 8080 {
		return network.Answer{Err: ErrRefused}
	}
	return network.Answer{Code: 200, Body: b.pod}
}

// pod is a web Pod of the test cluster.
type pod struct{ name, ip, node string }

// cluster is a control plane, two nodes with a service proxy each, and
// the Service demo/web (10.96.0.50:80 → 8080) over three Pods whose
// EndpointSlice the test writes itself.
type cluster struct {
	t       testing.TB
	loop    *sim.Loop
	plane   *apiserver.Plane
	env     *env.Env
	net     *network.Network
	admin   *client.Client
	proxies map[string]*proxy.Proxy
	client  *Client
}

var webPods = []pod{{"web-a", "10.244.1.2", "worker-a"}, {"web-b", "10.244.1.3", "worker-a"}, {"web-c", "10.244.2.2", "worker-b"}}

func newCluster(t testing.TB, seed int64) *cluster {
	t.Helper()
	loop := sim.NewLoop()
	r := sim.NewRand(seed)
	timings := env.Default()
	plane, err := apiserver.New(apiserver.Config{Loop: loop, Rand: r, WatchLatency: timings.LatencyWatch})
	if err != nil {
		t.Fatal(err)
	}
	e := &env.Env{Loop: loop, Log: plane.Trace(), Rand: r, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: timings}
	c := &cluster{t: t, loop: loop, plane: plane, env: e, net: network.New(), admin: e.Client("admin", ""), proxies: map[string]*proxy.Proxy{}}
	nodes := []string{"worker-a", "worker-b"}
	c.client = New(Config{Loop: loop, Log: e.Log, Rand: r, Net: c.net, Nodes: nodes})
	c.create(`apiVersion: v1
kind: Service
metadata: {name: web, namespace: demo}
spec: {clusterIP: 10.96.0.50, selector: {app: web}, ports: [{port: 80, targetPort: 8080}]}
`)
	for _, p := range webPods {
		c.net.AddPod(&network.Endpoint{IP: p.ip, Node: p.node, Pod: "demo/" + p.name, Backend: backend{p.name}})
	}
	c.slice(webPods...)
	for _, n := range nodes {
		p := proxy.New(proxy.Config{Env: e, Node: n, Net: c.net})
		p.Start()
		c.proxies[n] = p
	}
	loop.RunFor(time.Second)
	return c
}

func (c *cluster) create(yaml string) {
	c.t.Helper()
	docs, err := object.DecodeYAML([]byte(yaml))
	if err != nil {
		c.t.Fatal(err)
	}
	for _, d := range docs {
		k, _ := c.env.Kinds.For(d.Object)
		if _, err := c.admin.Create(k, d.Object, api.WriteOptions{}); err != nil {
			c.t.Fatal(err)
		}
	}
}

// slice writes demo/web's EndpointSlice with the given Pods ready.
func (c *cluster) slice(pods ...pod) {
	c.t.Helper()
	k := c.env.Kind("discovery.k8s.io", "EndpointSlice")
	eps := make([]any, 0, len(pods))
	for _, p := range pods {
		eps = append(eps, map[string]any{
			"addresses":  []any{p.ip},
			"conditions": map[string]any{"ready": true, "serving": true, "terminating": false},
			"nodeName":   p.node,
			"targetRef":  map[string]any{"kind": "Pod", "namespace": "demo", "name": p.name},
		})
	}
	cur, err := c.admin.Get(k, "demo", "web-x7k2p")
	if err != nil {
		o := object.New("discovery.k8s.io/v1", "EndpointSlice")
		o.Meta = object.Meta{Name: "web-x7k2p", Namespace: "demo", Labels: map[string]string{"kubernetes.io/service-name": "web"}}
		o.Content["addressType"] = "IPv4"
		o.Content["ports"] = []any{map[string]any{"name": "", "port": int64(8080), "protocol": "TCP"}}
		o.Content["endpoints"] = eps
		if _, err := c.admin.Create(k, o, api.WriteOptions{}); err != nil {
			c.t.Fatal(err)
		}
		return
	}
	cur = cur.DeepCopy()
	cur.Content["endpoints"] = eps
	if _, err := c.admin.Update(k, cur, api.WriteOptions{}); err != nil {
		c.t.Fatal(err)
	}
}

// tally counts results by backend Pod, or by error.
func tally(rs []Result) map[string]int {
	out := map[string]int{}
	for _, r := range rs {
		switch {
		case r.Answer.Err != "":
			out[r.Answer.Err]++
		default:
			out[fmt.Sprintf("%s %d", r.Backend.Pod, r.Answer.Code)]++
		}
	}
	return out
}

// apiEvents counts the API calls and gates recorded at positions [from, to).
func apiEvents(log *trace.Log, from, to int) int {
	n := 0
	for i := from; i < to; i++ {
		if k := log.At(i).Verb.Kind(); k == trace.KindAPI || k == trace.KindGate || k == trace.KindNotify {
			n++
		}
	}
	return n
}

// golden compares the HTTP events with testdata/name.golden.
func golden(t *testing.T, log *trace.Log, from int, name string) {
	t.Helper()
	var b strings.Builder
	for e := range log.Query(trace.Verbs(trace.HTTP)).After(from - 1).All() {
		fmt.Fprintf(&b, "%s %s -> %s %s %s/%s [%d %s] %q\n", e.Time, e.From, e.To, e.Verb, e.Resource, e.Namespace+"/"+e.Name, e.Outcome.Code, e.Outcome.Reason, e.Detail)
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
