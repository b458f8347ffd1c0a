package conversations_test

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// operatorCRD is conversation 19's CRD with the operator turned on.
var operatorCRD = strings.Replace(databaseCRD, "metadata: {name: databaseclusters.db.example.com}",
	"metadata:\n  name: databaseclusters.db.example.com\n  annotations: {operator.loopbook.dev/enabled: \"true\"}", 1)

// ordersCluster is DatabaseCluster demo/orders with three replicas, its
// claims of class zonal (storageClasses): a claim without a class that
// nothing provisions would keep its Pod unschedulable ("pod has unbound
// immediate PersistentVolumeClaims").
const ordersCluster = `
apiVersion: db.example.com/v1
kind: DatabaseCluster
metadata: {name: orders, namespace: demo}
spec: {replicas: 3, storage: 2Gi, storageClassName: zonal}
`

// storedCR reads a custom resource from the store (kube-apiserver keeps
// them under /registry/GROUP/RESOURCE), nil when missing.
func storedCR(c *cluster.Cluster, group, resource, ns, name string) *object.Object {
	kv, ok, err := c.Store().Get("/registry/" + group + "/" + resource + "/" + ns + "/" + name)
	if err != nil || !ok {
		return nil
	}
	return kv.Value
}

// Conversation 19: the operator watches the DatabaseCluster and writes
// a StatefulSet and a headless Service through the API; the StatefulSet
// controller creates claims data-orders-N and Pods orders-0, orders-1,
// orders-2, each only once the one before is Running and Ready; the
// operator reports the Ready condition on the custom resource's status.
func TestOperatorReconcilesDatabaseCluster(t *testing.T) {
	c := started(t, fixture(t, 19, operatorCRD+"---\n"+storageClasses))
	mark := c.Trace().Len()
	apply(t, c, "kubernetes-admin", ordersCluster)
	ready := func() string {
		db := storedCR(c, "db.example.com", "databaseclusters", "demo", "orders")
		if db == nil {
			return ""
		}
		return db.GetString(".status.conditions[type=Ready].status")
	}
	if !c.RunUntil(func() bool { return ready() == "True" }, 5*time.Minute) {
		t.Fatalf("orders not Ready: %v", storedCR(c, "db.example.com", "databaseclusters", "demo", "orders"))
	}
	for _, name := range []string{"data-orders-0", "data-orders-1", "data-orders-2"} {
		pvc := stored(c, "", "PersistentVolumeClaim", "demo", name)
		if pvc == nil || pvc.GetString(".spec.resources.requests.storage") != "2Gi" {
			t.Errorf("claim %s: %v", name, pvc)
		}
	}
	svc := stored(c, "", "Service", "demo", "orders")
	if svc == nil || svc.GetString(".spec.clusterIP") != "None" {
		t.Errorf("headless Service orders: %v", svc)
	}
	// OrderedReady: each Pod is created after the one before is Ready.
	created := map[string]trace.Event{}
	for i := mark; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.Resource != "pods" || ev.Outcome.Code >= 300 {
			continue
		}
		if ev.From == "statefulset-controller" && ev.Verb == trace.Create {
			created[ev.Name] = *ev
		}
	}
	for _, pair := range [][2]string{{"orders-0", "orders-1"}, {"orders-1", "orders-2"}} {
		p := stored(c, "", "Pod", "demo", pair[0])
		r := p.GetString(".status.conditions[type=Ready].lastTransitionTime")
		next, ok := created[pair[1]]
		if !ok || next.Time.Wall().UTC().Format(time.RFC3339) < r {
			t.Errorf("%s created at %s, before %s was Ready at %s", pair[1], next.Time, pair[0], r)
		}
	}
	keep := func(ev *trace.Event) bool {
		switch ev.From {
		case "kubernetes-admin", "database-operator", "statefulset-controller":
			return story(ev)
		}
		return false
	}
	golden(t, "operator.txt", table(c.Trace(), mark, keep))

	// Scaling the custom resource scales the StatefulSet from the top.
	admin := c.Admin()
	k, _ := c.Env().Kinds.ByGroupKind("db.example.com", "DatabaseCluster")
	db, _ := admin.Get(k, "demo", "orders")
	_ = db.Set(".spec.replicas", int64(1))
	if _, err := admin.Update(k, db, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !c.RunUntil(func() bool {
		return stored(c, "", "Pod", "demo", "orders-2") == nil && stored(c, "", "Pod", "demo", "orders-1") == nil
	}, 5*time.Minute) {
		t.Error("orders not scaled down to one")
	}
	if stored(c, "", "Pod", "demo", "orders-0") == nil || stored(c, "", "PersistentVolumeClaim", "demo", "data-orders-2") == nil {
		t.Error("scale-down removed orders-0 or a claim (claims are retained)")
	}
}
