package scenario

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
)

// podEvents are the Events about a Pod, by first timestamp then name.
func podEvents(env kubectl.Env, p *object.Object) []*object.Object {
	var out []*object.Object
	for _, e := range env.Objects("Event", p.Meta.Namespace) {
		ref, _ := e.Content["involvedObject"].(map[string]any)
		if ref["kind"] == "Pod" && ref["name"] == p.Meta.Name && (ref["uid"] == nil || ref["uid"] == p.Meta.UID) {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b *object.Object) int {
		ta, _ := a.Content["firstTimestamp"].(string)
		tb, _ := b.Content["firstTimestamp"].(string)
		if c := strings.Compare(ta, tb); c != 0 {
			return c
		}
		return strings.Compare(a.Meta.Name, b.Meta.Name)
	})
	return out
}

// schedulerMessage is why the scheduler did not place the Pod: the
// PodScheduled condition's message when it is False, else the last
// FailedScheduling event's; "" once the Pod is scheduled.
func schedulerMessage(pv object.PodView, events []*object.Object) string {
	if c, ok := pv.Condition("PodScheduled"); ok {
		if c.Status == "True" {
			return ""
		}
		if c.Message != "" {
			return c.Message
		}
	}
	msg := ""
	for _, e := range events {
		if e.Content["reason"] == "FailedScheduling" {
			msg, _ = e.Content["message"].(string)
		}
	}
	return msg
}
