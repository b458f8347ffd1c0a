package kubelet

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// recorder keeps every state of the objects a watch reports.
type recorder struct {
	objs []*object.Object
}

func (r *recorder) OnEvent(e api.WatchEvent) {
	if e.Object != nil {
		r.objs = append(r.objs, e.Object)
	}
}

func (r *recorder) Ended(error) {}

// watchPod records every state of Pod demo/name from now on.
func (c *cluster) watchPod(name string) *recorder {
	c.t.Helper()
	r := &recorder{}
	if _, err := c.admin.Watch(c.kind("Pod"), "demo", api.ListOptions{FieldSelector: "metadata.name=" + name}, r); err != nil {
		c.t.Fatal(err)
	}
	return r
}

// podSummary is one line per state of a Pod: phase, the kubelet's
// conditions (T/F, with the reason when False), and each container's
// state, ready flag and restart count.
func podSummary(p *object.Object) string {
	v := object.ViewPod(p)
	var b strings.Builder
	fmt.Fprintf(&b, "%s", v.Phase)
	for _, t := range []string{"PodReadyToStartContainers", "Initialized", "ContainersReady", "Ready", "PodScheduled"} {
		cond, ok := v.Condition(t)
		switch {
		case !ok:
			fmt.Fprintf(&b, " %s=-", t)
		case cond.Status == "True":
			fmt.Fprintf(&b, " %s", t)
		default:
			fmt.Fprintf(&b, " !%s(%s: %s)", t, cond.Reason, cond.Message)
		}
	}
	if v.PodIP != "" {
		fmt.Fprintf(&b, " ip=%s", v.PodIP)
	}
	for _, list := range []string{".status.initContainerStatuses", ".status.containerStatuses"} {
		l, _, _ := p.Get(list)
		items, _ := l.([]any)
		for _, it := range items {
			m, _ := it.(map[string]any)
			fmt.Fprintf(&b, " | %s", m["name"])
			st, _ := m["state"].(map[string]any)
			for kind, detail := range st {
				d, _ := detail.(map[string]any)
				fmt.Fprintf(&b, " %s", kind)
				if r, ok := d["reason"]; ok {
					fmt.Fprintf(&b, "(%s", r)
					if m, ok := d["message"]; ok {
						fmt.Fprintf(&b, ": %s", m)
					}
					if code, ok := d["exitCode"]; ok {
						fmt.Fprintf(&b, ", %d", code)
					}
					fmt.Fprintf(&b, ")")
				}
			}
			if last, _ := m["lastState"].(map[string]any); len(last) > 0 {
				for kind, detail := range last {
					d, _ := detail.(map[string]any)
					fmt.Fprintf(&b, " last=%s(%v, %v)", kind, d["reason"], d["exitCode"])
				}
			}
			fmt.Fprintf(&b, " ready=%v started=%v restarts=%v", m["ready"], m["started"], m["restartCount"])
		}
	}
	return b.String()
}

// summaries renders the distinct states a recorder saw.
func (r *recorder) summaries() string {
	var b strings.Builder
	last := ""
	for _, o := range r.objs {
		s := podSummary(o)
		if s == last {
			continue
		}
		last = s
		b.WriteString(s + "\n")
	}
	return b.String()
}
