package scenario

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// getTable prints one object as `kubectl get KIND NAME` does: the
// server's table columns for Pods, Deployments, ReplicaSets and Nodes
// (pkg/printers/internalversion/printers.go), NAME and AGE for the other
// kinds.
func getTable(k *object.KindInfo, o *object.Object, now sim.Time) string {
	age := humanDuration(now.Wall().Sub(o.Meta.CreationTimestamp))
	if o.Meta.CreationTimestamp.IsZero() {
		age = "<unknown>"
	}
	var head, row []string
	switch k.GroupKind() {
	case "Pod":
		ready, total, restarts := podCounts(o)
		status := o.GetString(".status.phase")
		if o.Meta.DeletionTimestamp != nil {
			status = "Terminating"
		}
		head = []string{"NAME", "READY", "STATUS", "RESTARTS", "AGE"}
		row = []string{o.Meta.Name, fmt.Sprintf("%d/%d", ready, total), status, fmt.Sprint(restarts), age}
	case "Deployment.apps":
		head = []string{"NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"}
		row = []string{o.Meta.Name, num(o, ".status.readyReplicas") + "/" + num(o, ".spec.replicas"),
			num(o, ".status.updatedReplicas"), num(o, ".status.availableReplicas"), age}
	case "ReplicaSet.apps":
		head = []string{"NAME", "DESIRED", "CURRENT", "READY", "AGE"}
		row = []string{o.Meta.Name, num(o, ".spec.replicas"), num(o, ".status.replicas"), num(o, ".status.readyReplicas"), age}
	case "Node":
		status := "NotReady"
		if o.GetString(".status.conditions[type=Ready].status") == "True" {
			status = "Ready"
		}
		head = []string{"NAME", "STATUS", "ROLES", "AGE", "VERSION"}
		row = []string{o.Meta.Name, status, "<none>", age, o.GetString(".status.nodeInfo.kubeletVersion")}
	default:
		head = []string{"NAME", "AGE"}
		row = []string{o.Meta.Name, age}
	}
	var b strings.Builder
	// kubectl's printers use tabwriter.NewWriter(out, 10, 4, 3, ' ', 0)
	// (k8s.io/cli-runtime/pkg/printers/tabwriter.go).
	w := tabwriter.NewWriter(&b, 10, 4, 3, ' ', 0)
	fmt.Fprintln(w, strings.Join(head, "\t"))
	fmt.Fprintln(w, strings.Join(row, "\t"))
	w.Flush()
	return strings.TrimRight(b.String(), "\n")
}

// podCounts returns a Pod's ready and total containers and its restarts.
func podCounts(o *object.Object) (ready, total int, restarts int64) {
	cs, _, _ := o.Get(".spec.containers")
	if l, ok := cs.([]any); ok {
		total = len(l)
	}
	st, _, _ := o.Get(".status.containerStatuses")
	l, _ := st.([]any)
	for _, c := range l {
		m, _ := c.(map[string]any)
		if r, _ := m["ready"].(bool); r {
			ready++
		}
		if n, ok := m["restartCount"].(int64); ok {
			restarts += n
		}
	}
	return ready, total, restarts
}

// num prints a numeric field, 0 when absent (as the printers print an
// unset int32).
func num(o *object.Object, path string) string {
	v, ok, _ := o.Get(path)
	if !ok {
		return "0"
	}
	return fmt.Sprint(v)
}

// humanDuration is k8s.io/apimachinery/pkg/util/duration.HumanDuration,
// the AGE column's format.
func humanDuration(d time.Duration) string {
	if seconds := int(d.Seconds()); seconds < -1 {
		return "<invalid>"
	} else if seconds < 0 {
		return "0s"
	} else if seconds < 60*2 {
		return fmt.Sprintf("%ds", seconds)
	}
	minutes := int(d / time.Minute)
	if minutes < 10 {
		if s := int(d/time.Second) % 60; s != 0 {
			return fmt.Sprintf("%dm%ds", minutes, s)
		}
		return fmt.Sprintf("%dm", minutes)
	} else if minutes < 60*3 {
		return fmt.Sprintf("%dm", minutes)
	}
	hours := int(d / time.Hour)
	if hours < 8 {
		if m := int(d/time.Minute) % 60; m != 0 {
			return fmt.Sprintf("%dh%dm", hours, m)
		}
		return fmt.Sprintf("%dh", hours)
	} else if hours < 48 {
		return fmt.Sprintf("%dh", hours)
	} else if hours < 24*8 {
		if h := hours % 24; h != 0 {
			return fmt.Sprintf("%dd%dh", hours/24, h)
		}
		return fmt.Sprintf("%dd", hours/24)
	}
	return fmt.Sprintf("%dd", hours/24)
}
