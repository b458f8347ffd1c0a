package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// containerGCPeriod is how often the kubelet collects containers and
// sandboxes (pkg/kubelet/kubelet.go, ContainerGCPeriod = 1 minute).
const containerGCPeriod = time.Minute

// containerGC removes what is left in the runtime of Pods the kubelet no
// longer has: their containers and their sandboxes (RemovePodSandbox), at
// the next run of the one-minute garbage collection
// (pkg/kubelet/kuberuntime/kuberuntime_gc.go, evictSandboxes and
// evictContainers for deleted Pods). Simplification: a run is scheduled
// only when a Pod was forgotten; the per-container limits of the default
// policy are enforced by the dead-container cleanup after each exit.
type containerGC struct {
	l     *life
	timer *sim.Timer
}

func newContainerGC(l *life) *containerGC { return &containerGC{l: l} }

// request schedules a run at the next tick of the one-minute grid.
func (g *containerGC) request() {
	l := g.l
	if g.timer != nil && g.timer.Pending() {
		return
	}
	n := l.now().Sub(l.started)/containerGCPeriod + 1
	if g.timer == nil {
		g.timer = l.k.e.Loop.NewTimer(sim.Func(g.run))
	}
	g.timer.Reset(l.started.Add(n * containerGCPeriod))
}

func (g *containerGC) stop() {
	if g.timer != nil {
		g.timer.Stop()
	}
}

func (g *containerGC) run() {
	l := g.l
	if l.stopped {
		return
	}
	rt := l.k.rt
	for _, s := range rt.ListPodSandbox("") {
		if _, known := l.workers[s.Config.UID]; known {
			continue
		}
		for _, c := range rt.ListContainers(nil, s.Config.UID) {
			if c.SandboxID == s.ID {
				_ = rt.RemoveContainer(c.ID)
			}
		}
		_ = rt.RemovePodSandbox(s.ID)
	}
}
