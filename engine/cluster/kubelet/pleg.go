package kubelet

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// plegRecord is what the last relist saw of one Pod: the state of each of
// its sandboxes and containers, by ID (pkg/kubelet/pleg/generic.go keeps
// the same per Pod, podRecord.old).
type plegRecord struct {
	sandboxes  map[string]runtime.SandboxState
	containers map[string]runtime.ContainerState
	scratch    []runtime.ContainerStatus
	// sandboxScratch is the buffer update lists the sandboxes into.
	sandboxScratch []runtime.SandboxStatus
}

// relist is one PLEG relist: for each Pod the runtime reports changed, it
// compares its sandboxes and containers with the previous relist and
// derives the events generic PLEG would (ContainerStarted, ContainerDied,
// ContainerRemoved, ContainerChanged, and the same for sandboxes). Every
// event but ContainerRemoved makes the Pod sync (kubelet.go,
// isSyncPodWorthy); ContainerDied also removes the Pod's older dead
// containers of that name (cleanUpContainersInPod).
func (l *life) relist() {
	for _, uid := range l.k.rt.Relist() {
		w := l.workers[uid]
		if w == nil {
			continue
		}
		worthy, died := w.pleg.update(l.k.rt, uid)
		for _, name := range died {
			l.cleanUpContainers(w, name)
		}
		if worthy {
			w.tickSync(l.now())
		}
	}
}

// update replaces the record with the runtime's current state and returns
// whether anything sync-worthy changed and the names of the containers
// that died.
func (p *plegRecord) update(rt *runtime.Runtime, uid string) (worthy bool, died []string) {
	if p.sandboxes == nil {
		p.sandboxes = map[string]runtime.SandboxState{}
		p.containers = map[string]runtime.ContainerState{}
	}
	seen := 0
	p.sandboxScratch = rt.AppendPodSandboxes(p.sandboxScratch[:0], uid)
	for _, s := range p.sandboxScratch {
		seen++
		if old, ok := p.sandboxes[s.ID]; !ok || old != s.State {
			worthy = true
		}
		p.sandboxes[s.ID] = s.State
	}
	if seen != len(p.sandboxes) {
		worthy = true // a sandbox was removed
		live := map[string]bool{}
		for _, s := range rt.ListPodSandbox(uid) {
			live[s.ID] = true
		}
		for id := range p.sandboxes {
			if !live[id] {
				delete(p.sandboxes, id)
			}
		}
	}
	cs := rt.ListContainers(p.scratch[:0], uid)
	p.scratch = cs
	for _, c := range cs {
		old, ok := p.containers[c.ID]
		if !ok || old != c.State {
			worthy = true
			if c.State == runtime.StateExited && !slices.Contains(died, c.Name) {
				died = append(died, c.Name)
			}
		}
		p.containers[c.ID] = c.State
	}
	if len(cs) != len(p.containers) {
		// Removed containers: ContainerRemoved, not worth a sync.
		live := make(map[string]bool, len(cs))
		for _, c := range cs {
			live[c.ID] = true
		}
		for id := range p.containers {
			if !live[id] {
				delete(p.containers, id)
			}
		}
	}
	return worthy, died
}

// cleanUpContainers removes the dead containers of name in the Pod but the
// most recent (pkg/kubelet/pod_container_deletor.go: containersToKeep is
// minDeadContainerInPod = 1, kubelet.go), through the CRI. All of them go
// when the Pod's content should be removed (it was terminated).
func (l *life) cleanUpContainers(w *podWorker, name string) {
	keep := 1
	if w.terminated {
		keep = 0
	}
	var dead []runtime.ContainerStatus
	for _, c := range l.k.rt.ListContainers(nil, w.uid) {
		if c.Name == name && c.State == runtime.StateExited {
			dead = append(dead, c)
		}
	}
	if len(dead) <= keep {
		return
	}
	// Newest first (SortContainerStatusesByCreationTime, reversed).
	slices.SortStableFunc(dead, func(a, b runtime.ContainerStatus) int {
		switch {
		case a.CreatedAt > b.CreatedAt:
			return -1
		case a.CreatedAt < b.CreatedAt:
			return 1
		}
		return 0
	})
	for _, c := range dead[keep:] {
		_ = l.k.rt.RemoveContainer(c.ID)
	}
}
