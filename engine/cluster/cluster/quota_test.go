package cluster_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const computeQuota = `apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: demo}
spec:
  hard: {pods: "2", requests.cpu: "1", limits.memory: 1Gi, configmaps: "3", count/deployments.apps: "1"}
`

// quotaPod is a Pod of two containers with the given cpu requests and
// memory limits ("" for none).
func quotaPod(name, cpuWeb, cpuSide string) string {
	res := func(cpu, mem string) string {
		if cpu == "" {
			return ""
		}
		return fmt.Sprintf(", resources: {requests: {cpu: %s}, limits: {memory: %s}}", cpu, mem)
	}
	return fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata: {name: %s, namespace: demo}
spec: {containers: [{name: web, image: "web:v1"%s}, {name: side, image: "web:v1"%s}]}
`, name, res(cpuWeb, "200Mi"), res(cpuSide, "100Mi"))
}

// quotaUsed is a quota's status.used, as name=amount pairs by name.
func quotaUsed(c *cluster.Cluster) string {
	q := c.Object("", "ResourceQuota", "demo", "compute")
	used := object.MapAt(q.Status(), "used")
	var parts []string
	for _, k := range []string{"configmaps", "count/deployments.apps", "limits.memory", "pods", "requests.cpu"} {
		parts = append(parts, fmt.Sprintf("%s=%v", k, used[k]))
	}
	return strings.Join(parts, " ")
}

// create creates the objects of yaml as alice and returns the error.
func create(t *testing.T, c *cluster.Cluster, yaml string) error {
	t.Helper()
	o := decode(t, yaml)[0]
	k, _ := c.Env().Kinds.For(o)
	_, err := c.Client("alice").Create(k, o, api.WriteOptions{})
	return err
}

// A ResourceQuota is enforced at admission as kube-apiserver v1.37 does
// it, with its messages, and its usage kept by the resource quota
// controller: counted at creation, charged by each admitted create, given
// back when a Pod is deleted.
func TestResourceQuota(t *testing.T) {
	c := jobCluster(t, computeQuota)
	q := decode(t, computeQuota)[0]
	if _, err := c.Admin().Create(c.Env().Kind("", "ResourceQuota"), q, api.WriteOptions{}); err != nil {
		t.Fatal(err) // the namespace admin may not create quotas: the cluster admin does
	}
	want := "configmaps=1 count/deployments.apps=0 limits.memory=0 pods=0 requests.cpu=0"
	if !c.RunUntil(func() bool { return c.Object("", "ResourceQuota", "demo", "compute").Status()["used"] != nil }, time.Minute) || quotaUsed(c) != want {
		t.Fatalf("initial usage %s, want %s", quotaUsed(c), want)
	}
	steps := []struct{ yaml, err string }{
		{quotaPod("p0", "", ""), `pods "p0" is forbidden: failed quota: compute: must specify limits.memory for: side,web; requests.cpu for: side,web`},
		{quotaPod("p1", "300m", "100m"), ""},
		{quotaPod("p2", "700m", "100m"), `pods "p2" is forbidden: exceeded quota: compute, requested: requests.cpu=800m, used: requests.cpu=400m, limited: requests.cpu=1`},
		{quotaPod("p3", "100m", "100m"), ""},
		{quotaPod("p4", "100m", "100m"), `pods "p4" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2`},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1, namespace: demo}\n", ""},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c2, namespace: demo}\n", ""},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c3, namespace: demo}\n", `configmaps "c3" is forbidden: exceeded quota: compute, requested: configmaps=1, used: configmaps=3, limited: configmaps=3`},
	}
	from := c.Trace().Len()
	for _, s := range steps {
		err := create(t, c, s.yaml)
		got := ""
		if err != nil {
			got = err.Error()
			if !api.IsReason(err, api.ReasonForbidden) {
				t.Errorf("%q: not Forbidden", got)
			}
		}
		if got != s.err {
			t.Errorf("create: %q\nwant %q", got, s.err)
		}
	}
	if want := "configmaps=3 count/deployments.apps=0 limits.memory=600Mi pods=2 requests.cpu=600m"; quotaUsed(c) != want {
		t.Errorf("usage after the creates %s, want %s", quotaUsed(c), want)
	}
	persists := 0
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.Verb == trace.Persist && ev.Resource == "resourcequotas" && strings.HasPrefix(string(ev.From), "apiserver") {
			persists++
		}
		if ev.Verb == trace.Persist && ev.Resource == "pods" && (ev.Name == "p2" || ev.Name == "p4") {
			t.Errorf("refused pod %s reached etcd", ev.Name)
		}
	}
	if persists != 4 {
		t.Errorf("%d quota status writes by the API server, want 4 (one per admitted create)", persists)
	}
	if _, err := c.Client("alice").Delete(c.Env().Kind("", "Pod"), "demo", "p1", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	want = "configmaps=3 count/deployments.apps=0 limits.memory=300Mi pods=1 requests.cpu=200m"
	if !c.RunUntil(func() bool { return quotaUsed(c) == want }, time.Minute) {
		t.Errorf("usage after deleting p1: %s, want %s", quotaUsed(c), want)
	}
	if err := create(t, c, quotaPod("p5", "100m", "100m")); err != nil {
		t.Errorf("p5 after p1 is gone: %v", err)
	}
}

// A quota on a custom resource registered during the run is counted: the
// controller adds a monitor for the new kind and the admission plugin
// charges its creates.
func TestResourceQuotaCountsCustomResources(t *testing.T) {
	const widgetQuota = "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: widgets, namespace: demo}\nspec: {hard: {count/widgets.example.com: \"1\"}}\n"
	cfg := twoWorkers(41)
	cfg.Manifests = decode(t, widgetQuota) // turns the resource quota controller on
	c := started(t, cfg)
	crd := strings.SplitN(stateObjects, "---", 2)[1]
	apply(t, c, "kubernetes-admin", crd)
	c.RunFor(5 * time.Second)
	apply(t, c, "kubernetes-admin", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: demo}\nspec: {size: 3}\n")
	apply(t, c, "kubernetes-admin", widgetQuota)
	used := func() any {
		return c.Object("", "ResourceQuota", "demo", "widgets").Status()["used"]
	}
	if !c.RunUntil(func() bool {
		u, _ := used().(map[string]any)
		return u["count/widgets.example.com"] == "1"
	}, time.Minute) {
		t.Fatalf("usage %v, want count/widgets.example.com=1", used())
	}
	w2 := decode(t, "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w2, namespace: demo}\nspec: {size: 1}\n")[0]
	k, _ := c.Env().Kinds.For(w2)
	_, err := c.Admin().Create(k, w2, api.WriteOptions{})
	want := `widgets.example.com "w2" is forbidden: exceeded quota: widgets, requested: count/widgets.example.com=1, used: count/widgets.example.com=1, limited: count/widgets.example.com=1`
	if err == nil || err.Error() != want {
		t.Errorf("second widget: %v\nwant %s", err, want)
	}
}
