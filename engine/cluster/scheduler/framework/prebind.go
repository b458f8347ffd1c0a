package framework

import "fmt"

// PreBindPlugin runs in the binding cycle, after the Pod is assumed on
// node and before its Binding is written (VolumeBinding writes and waits
// for its claims there). The model's binding cycle runs on the event
// loop, so a plugin answers through done, at once or later; it must call
// done exactly once. What it needs from state it reads before PreBind
// returns: the state is reused by the next cycle.
type PreBindPlugin interface {
	Plugin
	PreBind(state *CycleState, p *PodInfo, node string, done func(*Status))
}

// RunPreBindPlugins runs the PreBind plugins one after the other and
// calls done with nil when all succeeded, or with the first failure as
// Kubernetes words it ("running PreBind plugin %q: %w",
// pkg/scheduler/framework/runtime/framework.go, RunPreBindPlugins).
func (f *Framework) RunPreBindPlugins(state *CycleState, p *PodInfo, node string, done func(*Status)) {
	f.runPreBind(0, state, p, node, done)
}

func (f *Framework) runPreBind(i int, state *CycleState, p *PodInfo, node string, done func(*Status)) {
	if i == len(f.preBind) {
		done(nil)
		return
	}
	pl := f.preBind[i]
	pl.PreBind(state, p, node, func(s *Status) {
		if !s.IsSuccess() {
			done(AsStatus(fmt.Errorf("running PreBind plugin %q: %w", pl.Name(), s.AsError())).WithPlugin(pl.Name()))
			return
		}
		f.runPreBind(i+1, state, p, node, done)
	})
}
