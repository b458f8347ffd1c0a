package kubectl

import (
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeQuota is describe.go's describeQuota: per spec.hard resource,
// by name, what status says is used and the hard limit.
func describeQuota(o *object.Object) string {
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	hard := object.MapAt(spec(o), "hard")
	names := make([]string, 0, len(hard))
	for n := range hard {
		names = append(names, n)
	}
	sort.Strings(names)
	used, stHard := object.MapAt(status(o), "used"), object.MapAt(status(o), "hard")
	d.line(0, "Resource\tUsed\tHard\n")
	d.line(0, "--------\t----\t----\n")
	for _, n := range names {
		d.line(0, "%s\t%s\t%s\n", n, quantityCell(used[n]), quantityCell(stHard[n]))
	}
	return d.String()
}

// describeLimitRange is describe.go's describeLimitRangeSpec: one line per
// item and resource (resources by name), "-" where a bound is not set.
func describeLimitRange(o *object.Object) string {
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
	d.line(0, "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
	for _, item := range maps(listAt(spec(o), "limits")) {
		fields := []string{"min", "max", "defaultRequest", "default", "maxLimitRequestRatio"}
		set := map[string]bool{}
		for _, f := range fields {
			for n := range object.MapAt(item, f) {
				set[n] = true
			}
		}
		names := make([]string, 0, len(set))
		for n := range set {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			cells := make([]any, 0, 7)
			cells = append(cells, str(item, "type"), n)
			for _, f := range fields {
				v, ok := object.MapAt(item, f)[n]
				if !ok {
					cells = append(cells, "-")
					continue
				}
				cells = append(cells, quantityCell(v))
			}
			d.line(0, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cells...)
		}
	}
	return d.String()
}
