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
			if got, want := cur.renderFrom(&prev, prev.render()), cur.render(); !reflect.DeepEqual(got, want) {
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
