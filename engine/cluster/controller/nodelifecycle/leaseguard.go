package nodelifecycle

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
)

// leaseGuard is the lease circuit breaker's consistency store
// (pkg/controller/util/consistency, RealConsistencyStore, for one owner and
// the leases resource): after a live read found a Lease newer than the
// cache, every Node is skipped until the Lease informer has caught up with
// that resourceVersion.
type leaseGuard struct {
	wrote string
}

// wroteAt remembers the newest resourceVersion seen live.
func (g *leaseGuard) wroteAt(rv string) {
	if g.wrote == "" || compareRV(rv, g.wrote) > 0 {
		g.wrote = rv
	}
}

// ensureReady fails while the cache (at read) is older than what was seen
// live, and clears the record once it is not.
func (g *leaseGuard) ensureReady(read string) error {
	if g.wrote == "" || read == "" {
		return nil
	}
	if compareRV(g.wrote, read) > 0 {
		return fmt.Errorf("read version: %s is not as new as written version: %s for group resource leases.coordination.k8s.io", read, g.wrote)
	}
	g.wrote = ""
	return nil
}

// compareRV compares resourceVersions as
// k8s.io/apimachinery/pkg/util/resourceversion does: as integers.
func compareRV(a, b string) int {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// checkLiveLease double-checks a stale Lease against the API server before
// the Node is marked Unknown. It returns an error wrapping errShortCircuit
// when the Node must be skipped: the live Lease differs from the one last
// observed (the cache is behind), or the API could not be asked.
func (c *Controller) checkLiveLease(node string, seen *leaseSeen) error {
	live, err := client.Shared(c.client.Do(client.GetRequest(c.kinds.lease, "kube-node-lease", node), nil))
	if err != nil {
		if api.IsReason(err, api.ReasonNotFound) {
			return nil
		}
		return fmt.Errorf("%w: error looking up lease to verify node %s: %v", errShortCircuit, node, err)
	}
	rv := ""
	if seen != nil {
		rv = seen.rv
	}
	if live.Meta.ResourceVersion != rv {
		c.guard.wroteAt(live.Meta.ResourceVersion)
		return fmt.Errorf("%w: read version: %s is not as new as written version: %s for group resource leases.coordination.k8s.io",
			errShortCircuit, rv, live.Meta.ResourceVersion)
	}
	return nil
}
