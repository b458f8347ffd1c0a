package runtime_test

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A kubelet's calls for one Pod, made by hand: a sandbox (its network
// set up inside the call), a pull, a container created and started; then
// the container's state and what a command run in it prints.
func Example() {
	loop, log := sim.NewLoop(), trace.NewLog()
	images := runtime.NewCatalogue(env.Default())
	images.Images["web:v1"] = runtime.Image{PullDuration: 2 * time.Second, StartDuration: time.Second,
		Logs: []string{"listening on :80"}}
	rt := runtime.New(runtime.Config{Node: "worker-a", Loop: loop, Log: log, Rand: sim.NewRand(1),
		Images: images, PodCIDR: "10.244.1.0/24"})

	pod := runtime.PodSandboxConfig{Name: "web", Namespace: "demo", UID: "uid-1"}
	sb, _ := rt.RunPodSandbox(pod)
	rt.PullImage("web:v1", pod, func(ref string, err error) {
		id, _ := rt.CreateContainer(sb, runtime.ContainerConfig{Name: "web", Image: "web:v1"})
		rt.StartContainer(id, func(error) {})
	})
	loop.RunFor(time.Minute)

	for _, c := range rt.ListContainers(nil, "uid-1") {
		fmt.Println(c.Name, c.State, c.Image, "started at", c.StartedAt)
		out, _ := rt.ExecSync(c.ID, []string{"hostname"})
		fmt.Print(out.Stdout)
	}
	for ev := range log.All() {
		fmt.Println(ev.Time, ev.From, ev.Verb, ev.Detail)
	}
	// Output:
	// web CONTAINER_RUNNING docker.io/library/web:v1 started at 3.000s
	// web
	// 0.000s kubelet/worker-a CRI.RunPodSandbox attempt 0
	// 0.000s runtime/worker-a CNI.Setup eth0 10.244.1.2/24
	// 0.000s kubelet/worker-a CRI.PullImage web:v1
	// 2.000s kubelet/worker-a CRI.CreateContainer web
	// 2.000s kubelet/worker-a CRI.StartContainer web
}
