package kubectl

import (
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeNamespace is describe.go's describeNamespace: the phase, the
// conditions a deletion sets, then the namespace's ResourceQuotas
// (DescribeResourceQuotas) and LimitRanges (DescribeLimitRanges).
func describeNamespace(ns *object.Object, quotas, limitRanges []*object.Object) string {
	d := newDescriber()
	d.head(ns, false)
	d.line(0, "Status:\t%s\n", str(status(ns), "phase"))
	if conds := maps(listAt(status(ns), "conditions")); len(conds) > 0 {
		d.line(0, "Conditions:\n")
		d.line(1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
		d.line(1, "----\t------\t------------------\t------\t-------\n")
		for _, c := range conds {
			d.line(1, "%s\t%s\t%s\t%s\t%s\n", str(c, "type"), str(c, "status"),
				rfc1123z(object.TimeAt(c, "lastTransitionTime")), str(c, "reason"), str(c, "message"))
		}
	}
	d.line(0, "\n")
	if len(quotas) == 0 {
		d.line(0, "No resource quota.\n")
	} else {
		quotas = slices.SortedFunc(slices.Values(quotas), func(a, b *object.Object) int { return strings.Compare(a.Meta.Name, b.Meta.Name) })
		d.line(0, "Resource Quotas\n")
		for _, q := range quotas {
			d.line(1, "Name:\t%s\n", q.Meta.Name)
			d.quotaBody(q, 1, "")
		}
	}
	d.line(0, "\n")
	if len(limitRanges) == 0 {
		d.line(0, "No LimitRange resource.\n")
		return d.String()
	}
	d.line(0, "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
	d.line(0, " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
	for _, lr := range limitRanges {
		d.limitRangeSpec(lr, " ")
	}
	return d.String()
}
