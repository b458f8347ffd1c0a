package runtime

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// node is a runtime on a fresh loop, with a network and a trace.
type node struct {
	t    *testing.T
	loop *sim.Loop
	log  *trace.Log
	net  *network.Network
	rt   *Runtime
}

func newNode(t *testing.T, images map[string]Image) *node {
	n := &node{t: t, loop: sim.NewLoop(), log: trace.NewLog(), net: network.New()}
	cat := NewCatalogue(env.Default())
	for k, v := range images {
		cat.Images[k] = v
	}
	n.rt = New(Config{Node: "worker-a", Loop: n.loop, Log: n.log, Rand: sim.NewRand(1), Images: cat, Network: n.net, PodCIDR: "10.244.1.0/24"})
	return n
}

var podA = PodSandboxConfig{Name: "web", Namespace: "demo", UID: "uid-a"}

// running runs a container of image in a new sandbox and returns both
// IDs once StartContainer has returned.
func (n *node) running(pod PodSandboxConfig, image string, cfg ContainerConfig) (sandbox, id string) {
	n.t.Helper()
	sb, err := n.rt.RunPodSandbox(pod)
	if err != nil {
		n.t.Fatal(err)
	}
	var pulled error
	n.rt.PullImage(image, pod, func(_ string, err error) { pulled = err })
	n.loop.RunFor(time.Minute)
	if pulled != nil {
		n.t.Fatal(pulled)
	}
	if cfg.Name == "" {
		cfg.Name = "web"
	}
	cfg.Image = image
	id, err = n.rt.CreateContainer(sb, cfg)
	if err != nil {
		n.t.Fatal(err)
	}
	var started error
	n.rt.StartContainer(id, func(err error) { started = err })
	n.loop.RunFor(10 * time.Second)
	if started != nil {
		n.t.Fatal(started)
	}
	return sb, id
}

func (n *node) status(id string) ContainerStatus {
	n.t.Helper()
	s, err := n.rt.ContainerStatus(id)
	if err != nil {
		n.t.Fatal(err)
	}
	return s
}
