package kubectl

import (
	"fmt"
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podColumns are printers.go's podColumnDefinitions.
var podColumns = []column{
	{name: "Name"}, {name: "Ready"}, {name: "Status"}, {name: "Restarts"}, {name: "Age"},
	{name: "IP", wide: true}, {name: "Node", wide: true}, {name: "Nominated Node", wide: true}, {name: "Readiness Gates", wide: true},
}

// nodeUnreachablePodReason is the status reason the node lifecycle
// controller gives Pods of an unreachable Node
// (k8s.io/kubernetes/pkg/util/node, NodeUnreachablePodReason).
const nodeUnreachablePodReason = "NodeLost"

// podRow is printers.go's printPod: READY counts ready running containers
// (and started restartable init containers), STATUS is the pod's phase or
// reason overridden by the first init container still working or by the
// last regular container that waits or terminated, RESTARTS adds "(AGE
// ago)" of the latest termination.
func podRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	reason := str(st, "phase")
	if r := str(st, "reason"); r != "" {
		reason = r
	}
	for _, c := range maps(listAt(st, "conditions")) {
		if str(c, "type") == "PodScheduled" && str(c, "reason") == "SchedulingGated" {
			reason = "SchedulingGated"
		}
	}
	total := len(listAt(sp, "containers"))
	restartable := map[string]bool{}
	inits := maps(listAt(sp, "initContainers"))
	for _, c := range inits {
		if str(c, "restartPolicy") == "Always" {
			restartable[str(c, "name")] = true
			total++
		}
	}
	var r restarts
	ready := 0
	var sidecar restarts
	initializing := false
	for i, c := range maps(listAt(st, "initContainerStatuses")) {
		r.add(c)
		if restartable[str(c, "name")] {
			sidecar.add(c)
		}
		state := object.MapAt(c, "state")
		term, wait := object.MapAt(state, "terminated"), object.MapAt(state, "waiting")
		switch {
		case term != nil && integer(term, "exitCode") == 0:
			continue
		case restartable[str(c, "name")] && boolean(c, "started"):
			if boolean(c, "ready") {
				ready++
			}
			continue
		case term != nil:
			reason = "Init:" + terminatedReason(term)
		case wait != nil && str(wait, "reason") != "" && str(wait, "reason") != "PodInitializing":
			reason = "Init:" + str(wait, "reason")
		default:
			reason = fmt.Sprintf("Init:%d/%d", i, len(inits))
		}
		initializing = true
		break
	}
	if !initializing || conditionTrue(st, "Initialized") {
		r = sidecar
		hasRunning, errorReason := false, ""
		cs := maps(listAt(st, "containerStatuses"))
		for i := len(cs) - 1; i >= 0; i-- {
			c := cs[i]
			r.add(c)
			state := object.MapAt(c, "state")
			term, wait := object.MapAt(state, "terminated"), object.MapAt(state, "waiting")
			switch {
			case wait != nil && str(wait, "reason") != "":
				reason = str(wait, "reason")
			case term != nil:
				reason = terminatedReason(term)
				if integer(term, "exitCode") != 0 {
					errorReason = reason
				}
			case boolean(c, "ready") && object.MapAt(state, "running") != nil:
				hasRunning = true
				ready++
			}
		}
		if reason == "Completed" {
			switch {
			case hasRunning && conditionTrue(st, "Ready"):
				reason = "Running"
			case errorReason != "":
				reason = errorReason
			case hasRunning:
				reason = "NotReady"
			}
		}
	}
	phase := str(st, "phase")
	if o.Meta.DeletionTimestamp != nil && str(st, "reason") == nodeUnreachablePodReason {
		reason = "Unknown"
	} else if o.Meta.DeletionTimestamp != nil && phase != "Succeeded" && phase != "Failed" {
		reason = "Terminating"
	}
	restartText := strconv.Itoa(r.count)
	if r.count != 0 && !r.last.IsZero() {
		restartText = fmt.Sprintf("%d (%s ago)", r.count, since(r.last, now))
	}
	return []string{o.Meta.Name, fmt.Sprintf("%d/%d", ready, total), reason, restartText, since(o.Meta.CreationTimestamp, now),
		podIP(st), orNone(str(sp, "nodeName")), orNone(str(st, "nominatedNodeName")), readinessGates(sp, st)}
}

// restarts sums restart counts and keeps the latest finish of a last
// termination.
type restarts struct {
	count int
	last  time.Time
}

func (r *restarts) add(c map[string]any) {
	r.count += int(integer(c, "restartCount"))
	if t := object.MapAt(c, "lastState", "terminated"); t != nil {
		if f := object.TimeAt(t, "finishedAt"); f.After(r.last) {
			r.last = f
		}
	}
}

// terminatedReason is a terminated state's reason, or "Signal:N" /
// "ExitCode:N" when it has none.
func terminatedReason(t map[string]any) string {
	switch {
	case str(t, "reason") != "":
		return str(t, "reason")
	case integer(t, "signal") != 0:
		return fmt.Sprintf("Signal:%d", integer(t, "signal"))
	}
	return fmt.Sprintf("ExitCode:%d", integer(t, "exitCode"))
}

// conditionTrue reports whether condition t is True (printers.go's
// hasPodReadyCondition and isPodInitializedConditionTrue).
func conditionTrue(st map[string]any, t string) bool {
	for _, c := range maps(listAt(st, "conditions")) {
		if str(c, "type") == t {
			return str(c, "status") == "True"
		}
	}
	return false
}

// podIP is the first of status.podIPs, or "<none>".
func podIP(st map[string]any) string {
	if ips := maps(listAt(st, "podIPs")); len(ips) > 0 {
		return orNone(str(ips[0], "ip"))
	}
	return "<none>"
}

// readinessGates is "TRUE/ALL" of spec.readinessGates, or "<none>".
func readinessGates(sp, st map[string]any) string {
	gates := maps(listAt(sp, "readinessGates"))
	if len(gates) == 0 {
		return "<none>"
	}
	n := 0
	for _, g := range gates {
		if conditionTrue(st, str(g, "conditionType")) {
			n++
		}
	}
	return fmt.Sprintf("%d/%d", n, len(gates))
}
