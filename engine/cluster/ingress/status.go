package ingress

import (
	"reflect"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// updateStatus gives every served Ingress whose
// status.loadBalancer.ingress is not the proxy's address that address:
// a GET of the Ingress and an UpdateStatus of it, as ingress-nginx's
// statusSync.updateStatus and runUpdate do. Failures wait for the next
// check, as ingress-nginx only logs them.
func (g *Controller) updateStatus() {
	want := []any{map[string]any{"ip": g.proxy.IP}}
	for _, ing := range g.served() {
		if reflect.DeepEqual(listOf(mapOf(ing.Status()["loadBalancer"])["ingress"]), want) {
			continue
		}
		cur, err := g.c.Get(g.ingK, ing.Meta.Namespace, ing.Meta.Name)
		if err != nil {
			continue
		}
		cur.EnsureMap("status")["loadBalancer"] = map[string]any{"ingress": want}
		if _, err := g.c.UpdateStatus(g.ingK, cur, api.WriteOptions{}); err != nil {
			continue
		}
	}
}
