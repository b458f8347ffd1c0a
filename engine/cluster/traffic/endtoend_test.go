package traffic

import (
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/endpointslice"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestReadinessReachesTraffic runs the whole chain: a Pod's readiness,
// written through the API, reaches the EndpointSlice controller, then the
// proxies' rules, then where requests go — and the proxies' SYNC comes
// after the slice UPDATE that caused it.
func TestReadinessReachesTraffic(t *testing.T) {
	c := newCluster(t, 1)
	// Replace the hand-written slice by the controller's.
	sk := c.env.Kind("discovery.k8s.io", "EndpointSlice")
	if _, err := c.admin.Delete(sk, "demo", "web-x7k2p", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx := &controller.Context{Env: c.env, Informers: cache.NewFactory(c.env.Client("kube-controller-manager", ""), 0),
		ClientFor: func(name string) *client.Client { return c.env.Client(trace.Actor(name), "") }}
	for _, n := range []string{"worker-a", "worker-b"} {
		c.create(fmt.Sprintf("apiVersion: v1\nkind: Node\nmetadata: {name: %s}\n", n))
	}
	for _, p := range webPods {
		c.create(fmt.Sprintf("apiVersion: v1\nkind: Pod\nmetadata: {name: %s, namespace: demo, labels: {app: web}}\nspec: {nodeName: %s, containers: [{name: web, image: x}]}\n", p.name, p.node))
		c.setReady(p, true)
	}
	es := endpointslice.New(endpointslice.Config{})
	es.Start(ctx)
	ctx.Informers.Start()
	c.loop.RunFor(3 * time.Second)

	all := tally(c.client.Send(Request{Service: "demo/web", Count: 60}))
	if len(all) != 3 {
		t.Fatalf("with three ready Pods: %v", all)
	}

	start := c.env.Log.Len()
	c.setReady(webPods[1], false) // web-b fails its readiness probe
	c.loop.RunFor(3 * time.Second)
	got := tally(c.client.Send(Request{Service: "demo/web", Count: 60}))
	if want := map[string]int{"demo/web-a 200": got["demo/web-a 200"], "demo/web-c 200": got["demo/web-c 200"]}; !maps.Equal(got, want) || got["demo/web-a 200"] == 0 {
		t.Errorf("after web-b is not ready: %v, want only web-a and web-c", got)
	}
	upd, ok := c.env.Log.Query(trace.From(endpointslice.Name), trace.Verbs(trace.Update)).After(start - 1).First()
	sync, ok2 := c.env.Log.Query(trace.From("proxy/*"), trace.Verbs(trace.Sync)).After(start - 1).First()
	if !ok || !ok2 || sync.Seq < upd.Seq {
		t.Errorf("slice update %v, proxy sync %v: want the sync after the update", upd, sync)
	}
}

// setReady writes a Pod's status as its kubelet would.
func (c *cluster) setReady(p pod, ready bool) {
	c.t.Helper()
	k := c.env.Kind("", "Pod")
	o, err := c.admin.Get(k, "demo", p.name)
	if err != nil {
		c.t.Fatal(err)
	}
	o = o.DeepCopy()
	status := "False"
	if ready {
		status = "True"
	}
	o.Content["status"] = map[string]any{"phase": "Running", "podIP": p.ip,
		"conditions": []any{map[string]any{"type": "Ready", "status": status}}}
	if _, err := c.admin.UpdateStatus(k, o, api.WriteOptions{}); err != nil {
		c.t.Fatal(err)
	}
}
