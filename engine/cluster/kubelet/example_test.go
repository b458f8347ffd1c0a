package kubelet_test

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// One node: a control plane, a runtime and its kubelet; a Pod bound to the
// node runs, and its logs come back through the API server.
func Example() {
	loop, rnd, log := sim.NewLoop(), sim.NewRand(1), trace.NewLog()
	registry := kubelet.NewRegistry()
	plane, _ := apiserver.New(apiserver.Config{Loop: loop, Rand: rnd, Trace: log, NodeProxy: registry})
	e := &env.Env{Loop: loop, Log: log, Rand: rnd, Kinds: plane.Registry(), Endpoint: plane.Endpoint(), Timings: env.Default()}

	images := runtime.NewCatalogue(e.Timings)
	images.Images["web:v1"] = runtime.Image{PullDuration: 2 * time.Second, StartDuration: time.Second,
		Logs: []string{"listening on :80"}}
	rt := runtime.New(runtime.Config{Node: "worker-a", Loop: loop, Log: log, Rand: rnd, Images: images, PodCIDR: "10.244.1.0/24"})
	k := kubelet.New(kubelet.Config{Env: e, Node: "worker-a", Runtime: rt, InternalIP: "10.0.1.11", PodCIDR: "10.244.1.0/24"})
	registry.Add(k)
	k.Start()
	loop.RunFor(time.Second)

	admin := e.Client("admin", "")
	pod := object.New("v1", "Pod")
	pod.Meta.Name, pod.Meta.Namespace = "web", "default"
	pod.Content["spec"] = map[string]any{"nodeName": "worker-a",
		"containers": []any{map[string]any{"name": "web", "image": "web:v1"}}}
	admin.Create(e.Kind("", "Pod"), pod, api.WriteOptions{})
	loop.RunFor(10 * time.Second)

	got, _ := admin.Get(e.Kind("", "Pod"), "default", "web")
	fmt.Println(got.GetString(".status.phase"), got.GetString(".status.podIP"),
		got.GetString(".status.conditions[type=Ready].status"))
	out, _ := admin.Connect(api.MethodGet, e.Kind("", "Pod"), "default", "web", "log", api.ConnectOptions{})
	fmt.Print(string(out))
	// Output:
	// Running 10.244.1.2 True
	// listening on :80
}
