package kubectl

import (
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeQuota is describe.go's describeQuota: the scopes with their
// help texts, then per resource of status.hard, by name, what status
// says is used and the hard limit (nothing before the quota controller
// has written the status).
func describeQuota(o *object.Object) string {
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.quotaBody(o, 0, " ")
	return d.String()
}

// quotaBody writes a quota's scopes and usage table at a level, the help
// texts after prefix: describeQuota's and DescribeResourceQuotas' shared
// part.
func (d *describer) quotaBody(o *object.Object, level int, prefix string) {
	if scopes := strs(listAt(spec(o), "scopes")); len(scopes) > 0 {
		slices.Sort(scopes)
		d.line(level, "Scopes:\t%s\n", strings.Join(scopes, ", "))
		for _, sc := range scopes {
			if help := quotaScopeHelp[sc]; help != "" {
				d.line(level, "%s* %s\n", prefix, help)
			}
		}
	}
	d.line(level, "Resource\tUsed\tHard\n")
	if level == 0 {
		d.line(level, "--------\t----\t----\n")
	} else {
		d.line(level, "--------\t---\t---\n")
	}
	hard, used := object.MapAt(status(o), "hard"), object.MapAt(status(o), "used")
	for _, n := range object.AppendSortedKeys(nil, hard) {
		h, _ := object.QuantityOf(hard[n])
		u, _ := object.QuantityOf(used[n])
		if level == 0 && u.Format != h.Format {
			// A used amount is shown in the hard limit's format.
			u = object.NewQuantity(u.Value(), h.Format)
		}
		d.line(level, "%s\t%s\t%s\n", n, u.String(), h.String())
	}
}

// quotaScopeHelp are describe.go's helpTextForResourceQuotaScope.
var quotaScopeHelp = map[string]string{
	"Terminating":    "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
	"NotTerminating": "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
	"BestEffort":     "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
	"NotBestEffort":  "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
}

// describeLimitRange is describe.go's describeLimitRange.
func describeLimitRange(o *object.Object) string {
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
	d.line(0, "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
	d.limitRangeSpec(o, "")
	return d.String()
}

// limitRangeSpec is describe.go's describeLimitRangeSpec: one line per
// item and resource, after prefix, "-" where a bound is not set.
// Kubernetes lists an item's resources in map order; here they are by
// name.
func (d *describer) limitRangeSpec(o *object.Object, prefix string) {
	for _, item := range maps(listAt(spec(o), "limits")) {
		fields := []string{"min", "max", "defaultRequest", "default", "maxLimitRequestRatio"}
		set := map[string]bool{}
		for _, f := range fields {
			for n := range object.MapAt(item, f) {
				set[n] = true
			}
		}
		for _, n := range object.AppendSortedKeys(nil, set) {
			cells := make([]any, 0, 8)
			cells = append(cells, prefix, str(item, "type"), n)
			for _, f := range fields {
				v, ok := object.MapAt(item, f)[n]
				if !ok {
					cells = append(cells, "-")
					continue
				}
				cells = append(cells, quantityCell(v))
			}
			d.line(0, "%s%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cells...)
		}
	}
}

// describePodDisruptionBudget is describe.go's
// describePodDisruptionBudgetV1: the bound that is set, the selector, and
// the disruption controller's counts.
func describePodDisruptionBudget(o *object.Object, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	if v, ok := sp["minAvailable"]; ok && v != nil {
		d.line(0, "Min available:\t%v\n", v)
	} else if v, ok := sp["maxUnavailable"]; ok && v != nil {
		d.line(0, "Max unavailable:\t%v\n", v)
	}
	d.line(0, "Selector:\t%s\n", selectorOrUnset(sp))
	d.line(0, "Status:\n")
	d.line(2, "Allowed disruptions:\t%d\n", integer(st, "disruptionsAllowed"))
	d.line(2, "Current:\t%d\n", integer(st, "currentHealthy"))
	d.line(2, "Desired:\t%d\n", integer(st, "desiredHealthy"))
	d.line(2, "Total:\t%d\n", integer(st, "expectedPods"))
	d.events(events, now)
	return d.String()
}

// selectorOrUnset is a spec's selector as describe prints a
// *LabelSelector: formatted, or "<unset>" when there is none.
func selectorOrUnset(sp map[string]any) string {
	if sel, ok := sp["selector"].(map[string]any); ok {
		return formatSelector(sel)
	}
	return "<unset>"
}
