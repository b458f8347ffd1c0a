package scenario

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
)

// getTable prints one object as `kubectl get KIND NAME` does: kubectl's
// table for the kinds package kubectl prints, a custom resource's
// printer columns, NAME and AGE for the others (the server's default
// table, k8s.io/apimachinery/pkg/api/meta/table).
func getTable(k *object.KindInfo, o *object.Object, now sim.Time) string {
	if k.CRD != nil {
		return kubectl.CustomTable(k.Columns, []*object.Object{o}, now, false)
	}
	if out, err := kubectl.Table(k.Kind, []*object.Object{o}, now, false); err == nil {
		return strings.TrimRight(out, "\n")
	}
	age := "<unknown>"
	if !o.Meta.CreationTimestamp.IsZero() {
		age = kubectl.HumanDuration(now.Wall().Sub(o.Meta.CreationTimestamp))
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 6, 4, 3, ' ', 0)
	fmt.Fprintln(w, "NAME\tAGE")
	fmt.Fprintln(w, o.Meta.Name+"\t"+age)
	w.Flush()
	return strings.TrimRight(b.String(), "\n")
}
