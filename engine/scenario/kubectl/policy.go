package kubectl

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// resourceQuotaColumns are the columns kubectl v1.37 prints for
// ResourceQuotas.
var resourceQuotaColumns = []column{{name: "Name"}, {name: "Request"}, {name: "Limit"}, {name: "Age"}}

// resourceQuotaRow is printers.go's printResourceQuota: per spec.hard
// resource, by name, "NAME: USED/HARD" from the status, limits.* in the
// LIMIT column and the rest in REQUEST.
func resourceQuotaRow(o *object.Object, now time.Time) []string {
	hard := object.MapAt(spec(o), "hard")
	names := make([]string, 0, len(hard))
	for n := range hard {
		names = append(names, n)
	}
	sort.Strings(names)
	used, stHard := object.MapAt(status(o), "used"), object.MapAt(status(o), "hard")
	var req, lim []string
	for _, n := range names {
		cell := fmt.Sprintf("%s: %s/%s", n, quantityCell(used[n]), quantityCell(stHard[n]))
		if strings.HasPrefix(n, "limits.") {
			lim = append(lim, cell)
		} else {
			req = append(req, cell)
		}
	}
	return []string{o.Meta.Name, strings.Join(req, ", "), strings.Join(lim, ", "), since(o.Meta.CreationTimestamp, now)}
}

// quantityCell prints a quantity of a tree canonically, "0" when absent.
func quantityCell(v any) string {
	q, err := object.QuantityOf(v)
	if err != nil {
		return "0"
	}
	return q.String()
}

// limitRangeColumns are printers.go's limitRangeColumnDefinitions.
var limitRangeColumns = []column{{name: "Name"}, {name: "Created At"}}

// limitRangeRow is printLimitRange: the name and the creation time in
// RFC 3339.
func limitRangeRow(o *object.Object, _ time.Time) []string {
	return []string{o.Meta.Name, o.Meta.CreationTimestamp.UTC().Format(time.RFC3339)}
}

// podDisruptionBudgetColumns are printers.go's
// podDisruptionBudgetColumnDefinitions.
var podDisruptionBudgetColumns = []column{{name: "Name"}, {name: "Min Available"}, {name: "Max Unavailable"},
	{name: "Allowed Disruptions"}, {name: "Age"}}

// podDisruptionBudgetRow is printPodDisruptionBudget: "N/A" for the bound
// not set.
func podDisruptionBudgetRow(o *object.Object, now time.Time) []string {
	bound := func(f string) string {
		if v, ok := spec(o)[f]; ok && v != nil {
			return fmt.Sprint(v)
		}
		return "N/A"
	}
	return []string{o.Meta.Name, bound("minAvailable"), bound("maxUnavailable"),
		fmt.Sprint(o.GetInt(".status.disruptionsAllowed", 0)), since(o.Meta.CreationTimestamp, now)}
}
