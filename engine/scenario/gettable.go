package scenario

import (
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
)

// getTable prints one object as `kubectl get KIND NAME` does: kubectl's
// table for the kinds package kubectl prints, a custom resource's
// printer columns, the API server's default table (NAME, CREATED AT) for
// the others.
func getTable(k *object.KindInfo, o *object.Object, now sim.Time) string {
	return strings.TrimRight(kubectl.TableFor(k, []*object.Object{o}, now.Wall(), false), "\n")
}
