package kubectl

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// nodePods is describe.go's describeNodeResource: the Node's
// non-terminated Pods with their requests and limits as shares of the
// allocatable resources, then the totals.
func (d *describer) nodePods(st map[string]any, pods []*object.Object, now time.Time) {
	alloc := st["allocatable"]
	if len(object.StringMap(alloc)) == 0 {
		alloc = st["capacity"]
	}
	a := object.ResourcesFrom(alloc)
	d.line(0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	d.line(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	d.line(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	var total [4]sum
	for _, p := range pods {
		var s [4]sum // cpu requests, cpu limits, memory requests, memory limits
		for _, c := range maps(listAt(spec(p), "containers")) {
			r := object.MapAt(c, "resources")
			s[0].add(object.MapAt(r, "requests")["cpu"])
			s[1].add(object.MapAt(r, "limits")["cpu"])
			s[2].add(object.MapAt(r, "requests")["memory"])
			s[3].add(object.MapAt(r, "limits")["memory"])
		}
		for i := range s {
			total[i].add(s[i].text())
		}
		d.line(1, "%s\t%s\t\t%s\t%s\t%s\t%s\t%s\n", p.Meta.Namespace, p.Meta.Name,
			s[0].share(a.CPUMilli, true), s[1].share(a.CPUMilli, true),
			s[2].share(a.Memory, false), s[3].share(a.Memory, false), since(p.Meta.CreationTimestamp, now))
	}
	d.line(0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	d.line(1, "Resource\tRequests\tLimits\n")
	d.line(1, "--------\t--------\t------\n")
	d.line(1, "cpu\t%s\t%s\n", total[0].share(a.CPUMilli, true), total[1].share(a.CPUMilli, true))
	d.line(1, "memory\t%s\t%s\n", total[2].share(a.Memory, false), total[3].share(a.Memory, false))
	d.line(1, "ephemeral-storage\t0 (0%%)\t0 (0%%)\n")
}

// sum adds quantities as resource.Quantity.Add does: the result keeps
// the first quantity's format.
type sum struct {
	q   object.Quantity
	set bool
}

func (s *sum) add(v any) {
	text, _ := v.(string)
	if text == "" {
		return
	}
	q, err := object.ParseQuantity(text)
	if err != nil {
		return
	}
	if !s.set {
		s.q, s.set = q, true
		return
	}
	s.q = s.q.Add(q)
}

// text is the sum as a quantity string, "0" when empty.
func (s *sum) text() any {
	if !s.set {
		return nil
	}
	return s.q.String()
}

// share is "QUANTITY (P%)" of an allocatable amount (millicores for CPU,
// bytes for memory); the share is 0 when nothing is allocatable.
func (s *sum) share(alloc int64, milli bool) string {
	q := "0"
	var v int64
	if s.set {
		q = s.q.String()
		v = s.q.Value()
		if milli {
			v = s.q.MilliValue()
		}
	}
	pct := int64(0)
	if alloc != 0 {
		pct = int64(float64(v) / float64(alloc) * 100)
	}
	return fmt.Sprintf("%s (%d%%)", q, pct)
}
