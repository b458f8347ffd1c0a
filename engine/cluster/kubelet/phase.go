package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// getPhase is the kubelet's getPhase with ContainerRestartRules on (beta
// and on by default since v1.35), restart rules taken from the Pod's
// restartPolicy: Pending while an init container has not succeeded or a
// container waits without having run; Running while one runs; when all
// have stopped, Running if one will restart, else Succeeded when all
// succeeded, Failed otherwise; Failed as soon as an init container failed
// and will not restart.
func getPhase(v *object.PodView, inits, containers []containerStatus, podIsTerminal bool) string {
	pendingInit := 0
	for i := range v.InitContainers {
		st := findStatus(inits, v.InitContainers[i].Name)
		switch {
		case st == nil:
			pendingInit++
		case st.state.kind == stateTerminated:
			if st.state.exitCode != 0 && !shouldRestart(v.RestartPolicy, st.state.exitCode) {
				return phaseFailed
			}
		case st.state.kind == stateWaiting && st.lastState.kind == stateTerminated:
			if st.lastState.exitCode != 0 && !shouldRestart(v.RestartPolicy, st.lastState.exitCode) {
				return phaseFailed
			}
		default:
			pendingInit++
		}
	}
	var unknown, running, waiting, stopped, stoppedFinal, succeeded int
	for i := range v.Containers {
		st := findStatus(containers, v.Containers[i].Name)
		switch {
		case st == nil:
			unknown++
		case st.state.kind == stateRunning:
			running++
		case st.state.kind == stateTerminated:
			stopped++
			if !shouldRestart(v.RestartPolicy, st.state.exitCode) {
				stoppedFinal++
			}
			if st.state.exitCode == 0 {
				succeeded++
			}
		case st.state.kind == stateWaiting && st.lastState.kind == stateTerminated:
			stopped++
			if !shouldRestart(v.RestartPolicy, st.lastState.exitCode) {
				stoppedFinal++
			}
		case st.state.kind == stateWaiting:
			waiting++
		default:
			unknown++
		}
	}
	switch {
	case pendingInit > 0, waiting > 0:
		return phasePending
	case running > 0 && unknown == 0:
		return phaseRunning
	case running == 0 && stopped > 0 && unknown == 0:
		if podIsTerminal {
			if stopped == succeeded {
				return phaseSucceeded
			}
			return phaseFailed
		}
		if stopped != stoppedFinal {
			return phaseRunning
		}
		if stopped == succeeded {
			return phaseSucceeded
		}
		return phaseFailed
	}
	return phasePending
}
