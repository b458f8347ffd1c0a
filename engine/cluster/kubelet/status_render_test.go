package kubelet

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// A condition rendered from the previous render of its type renders as it
// would alone, whatever changed.
func TestConditionRenderFromIsRender(t *testing.T) {
	base := condition{typ: "Ready", status: "False", reason: "ContainersNotReady", message: "containers with unready status: [web]",
		lastTransition: sim.Time(5e9)}
	changes := []struct {
		name string
		edit func(*condition)
	}{
		{"nothing", func(*condition) {}},
		{"status and time", func(c *condition) { c.status, c.lastTransition = "True", sim.Time(9e9) }},
		{"reason and message gone", func(c *condition) { c.reason, c.message = "", "" }},
		{"message", func(c *condition) { c.message = "other" }},
		{"observedGeneration", func(c *condition) { c.observedGeneration = 3 }},
	}
	for _, tt := range changes {
		for _, prev := range []condition{base, {typ: "Ready", status: "True", lastTransition: sim.Time(1e9)}} {
			cur := base
			tt.edit(&cur)
			var tb object.TimeBox
			if got, want := cur.renderFrom(&prev, prev.render(&tb), &tb), plainRender(&cur); !reflect.DeepEqual(got, want) {
				t.Errorf("%s after %+v: renderFrom = %v, want %v", tt.name, prev, got, want)
			}
		}
	}
}

// The IP and time renders give back the value asked for, and follow it
// when it changes.
func TestRenderBoxesFollowTheirValue(t *testing.T) {
	var ip ipRender
	for _, s := range []string{"10.0.0.1", "10.0.0.1", "10.0.0.2"} {
		v, list := ip.render(s)
		if v != s || !reflect.DeepEqual(list, []any{map[string]any{"ip": s}}) {
			t.Errorf("ipRender.render(%q) = %v, %v", s, v, list)
		}
	}
	var tr object.TimeBox
	for _, tm := range []sim.Time{0, 0, sim.Time(2e9)} {
		if got := tr.Of(tm.Wall(), object.FormatTime); got != tm.RFC3339() {
			t.Errorf("the start time box of %v = %v", tm, got)
		}
	}
}

// A container status rendered from the previous render of its container
// renders as it would alone, whatever changed.
func TestRenderStatusFromIsRender(t *testing.T) {
	running := containerState{kind: stateRunning, startedAt: sim.Time(3e9)}
	base := containerStatus{name: "web", image: "web:v1", imageID: "sha256:1", containerID: "containerd://a",
		state: running, lastState: containerState{kind: stateTerminated, exitCode: 1, reason: "Error", containerID: "containerd://z"},
		ready: true, started: true, restartCount: 1,
		volumeMounts: []volumeMountStatus{{name: "data", mountPath: "/data"}, {name: "token", mountPath: "/var/run", readOnly: true}},
		resources:    map[string]any{"requests": map[string]any{"cpu": "100m"}},
		allocated:    map[string]any{"cpu": "100m"}}
	changes := []struct {
		name string
		edit func(*containerStatus)
	}{
		{"nothing", func(*containerStatus) {}},
		{"state", func(c *containerStatus) { c.state = containerState{kind: stateWaiting, reason: "CrashLoopBackOff"} }},
		{"last state gone", func(c *containerStatus) { c.lastState = containerState{} }},
		{"flags and count", func(c *containerStatus) { c.ready, c.started, c.restartCount = false, false, 2 }},
		{"new container", func(c *containerStatus) { c.containerID, c.imageID, c.image = "containerd://b", "sha256:2", "web:v2" }},
		{"no container", func(c *containerStatus) { c.containerID = "" }},
		{"mounts", func(c *containerStatus) { c.volumeMounts = c.volumeMounts[:1] }},
		{"no mounts", func(c *containerStatus) { c.volumeMounts = nil }},
		{"resources", func(c *containerStatus) {
			c.resources, c.allocated = map[string]any{"limits": map[string]any{"cpu": "1"}}, map[string]any{"cpu": "1"}
		}},
		{"no resources", func(c *containerStatus) { c.resources, c.allocated = nil, nil }},
		{"name", func(c *containerStatus) { c.name = "sidecar" }},
	}
	for _, tt := range changes {
		for _, prev := range []containerStatus{base, {name: "web", state: containerState{kind: stateWaiting, reason: "ContainerCreating"}}} {
			cur := base
			tt.edit(&cur)
			if got, want := renderStatusFrom(&cur, &prev, renderStatus(&prev)), renderStatus(&cur); !reflect.DeepEqual(got, want) {
				t.Errorf("%s after %+v: renderStatusFrom = %v, want %v", tt.name, prev, got, want)
			}
		}
	}
}

// plainRender is c rendered with its transition time formatted afresh.
func plainRender(c *condition) map[string]any {
	var tb object.TimeBox
	m := c.render(&tb)
	m["lastTransitionTime"] = c.lastTransition.RFC3339()
	return m
}

// A transition time rendered through a shared box reads as formatted
// afresh, whatever instants the box formatted before.
func TestTransitionTextIsRFC3339(t *testing.T) {
	var tb object.TimeBox
	for _, at := range []sim.Time{0, 5e9, 5e9, 7e9, 5e9, 3600e9, 86400e9 + 1e9, 0} {
		if got, want := transitionText(&tb, at), at.RFC3339(); got != any(want) {
			t.Errorf("transitionText(%v) = %v, want %q", at, got, want)
		}
	}
}

// boxedText boxes every string as itself, the ones it keeps boxed and
// the others.
func TestBoxedTextIsTheString(t *testing.T) {
	for _, s := range []string{"", "True", "False", "Unknown", condReadyToStart, condInitialized, condReady,
		condContainers, condScheduled, reasonUnknownContainerStatuses, reasonPodCompleted, reasonPodFailed,
		reasonContainersNotReady, reasonContainersNotInitialized, reasonPodSandboxNotReady,
		reasonContainerCreating, reasonPodInitializing, "CrashLoopBackOff", "containers with unready status: [web]"} {
		if got := boxedText(s); got != any(s) {
			t.Errorf("boxedText(%q) = %#v", s, got)
		}
	}
	if testing.AllocsPerRun(10, func() { _ = boxedText(string([]byte(condReady))) }) > 1 {
		t.Error("boxedText allocates for a condition type")
	}
}
