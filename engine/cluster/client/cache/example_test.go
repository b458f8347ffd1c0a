package cache_test

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/internal/fakeapi"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// A controller manager's informers share one client; handlers run on the
// loop when the watch event arrives, after the write that caused it.
func Example() {
	loop := sim.NewLoop()
	srv := fakeapi.New(loop) // stands in for the API server
	pods, _ := srv.Registry.ByGVR("", "v1", "pods")
	kcm := client.New("kube-controller-manager", "kcm-token", srv, loop, nil)
	alice := client.New("alice", "alice-token", srv, loop, nil)

	factory := cache.NewFactory(kcm, 0)
	informer := factory.Informer(pods)
	informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(o *object.Object) { fmt.Println(loop.Now(), "add", o.Key()) },
		UpdateFunc: func(old, cur *object.Object) {
			fmt.Println(loop.Now(), "update", cur.Key(), old.Meta.ResourceVersion, "->", cur.Meta.ResourceVersion)
		},
		DeleteFunc: func(obj any) {
			o, _ := cache.ObjectOf(obj)
			fmt.Println(loop.Now(), "delete", o.Key())
		},
	})
	factory.Start()
	fmt.Println("synced:", factory.HasSynced())

	loop.RunFor(time.Second)
	p := object.New("v1", "Pod")
	p.Meta.Namespace, p.Meta.Name = "demo", "web"
	alice.Create(pods, p, api.WriteOptions{})
	alice.Patch(pods, "demo", "web", api.MergePatch, map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "web"}}}, api.WriteOptions{})
	alice.Delete(pods, "demo", "web", api.DeleteOptions{})
	loop.RunFor(time.Second)
	// Output:
	// synced: true
	// 1.000s add demo/web
	// 1.000s update demo/web 2 -> 3
	// 1.000s delete demo/web
}
