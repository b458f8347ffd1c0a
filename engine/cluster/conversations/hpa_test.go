package conversations_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// metricsObjects register metrics-server's API (conversation 24): the
// fixture's APIService turns metrics-server and the HPA controller on.
const metricsObjects = `
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1beta1.metrics.k8s.io}
spec:
  group: metrics.k8s.io
  version: v1beta1
  service: {name: metrics-server, namespace: kube-system}
  groupPriorityMinimum: 100
  versionPriority: 100
  insecureSkipTLSVerify: true
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: system:aggregated-metrics-reader}
rules: [{apiGroups: [metrics.k8s.io], resources: [pods, nodes], verbs: [get, list, watch]}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: developers-metrics, namespace: demo}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: system:aggregated-metrics-reader}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: Group, name: developers}]
`

// webAutoscaled is Deployment demo/web of 3 Pods requesting 200m CPU,
// and its HPA: 50 % CPU utilization, 1 to 10 replicas.
const webAutoscaled = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: demo}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: "web:v1"
        resources: {requests: {cpu: 200m}}
        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 1}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: demo}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}
`

// autoscaled starts the shared fixture with metrics-server and web at 3
// ready Pods under its HPA.
func autoscaled(t *testing.T) *cluster.Cluster {
	t.Helper()
	c := started(t, fixture(t, 15, metricsObjects))
	apply(t, c, "alice", webAutoscaled)
	if !c.RunUntil(func() bool { return readyReplicas(c) == 3 }, 2*time.Minute) {
		t.Fatal("web not ready")
	}
	c.RunFor(time.Minute)
	return c
}

// readyReplicas is demo/web's .status.readyReplicas.
func readyReplicas(c *cluster.Cluster) int64 {
	d := stored(c, "apps", "Deployment", "demo", "web")
	if d == nil {
		return -1
	}
	v, _, _ := d.Get(".status.readyReplicas")
	n, _ := v.(int64)
	return n
}

// specReplicas is demo/web's .spec.replicas.
func specReplicas(c *cluster.Cluster) int64 {
	v, _, _ := stored(c, "apps", "Deployment", "demo", "web").Get(".spec.replicas")
	n, _ := v.(int64)
	return n
}

// Conversation 15: a load step takes web from 3 to 8 Pods. The HPA
// writes /scale; the Deployment and ReplicaSet controllers create the
// Pods. Kubernetes' arithmetic: 780m over 3 Pods requesting 200m is 130 %
// of request, ratio 2.6, ceil(3 × 2.6) = 8; the default scale-up policy
// allows max(3 + 4, 3 × 2) = 7 in the first 15 s, then 8.
func TestHPAScalesOnLoad(t *testing.T) {
	c := autoscaled(t)
	if n := specReplicas(c); n != 3 {
		t.Fatalf("replicas %d before the load, want 3 (50 %% is the target)", n)
	}
	mark := c.Trace().Len()
	if err := c.Load("demo", "app=web", "780m"); err != nil {
		t.Fatal(err)
	}
	var sizes []int64
	c.RunUntil(func() bool {
		if n := specReplicas(c); len(sizes) == 0 || sizes[len(sizes)-1] != n {
			sizes = append(sizes, n)
		}
		return false
	}, 2*time.Minute)
	if want := []int64{3, 7, 8}; !slices.Equal(sizes, want) {
		t.Errorf("replicas went %v, want %v", sizes, want)
	}
	if !c.RunUntil(func() bool { return readyReplicas(c) == 8 }, 2*time.Minute) {
		t.Errorf("%d ready, want 8", readyReplicas(c))
	}
	keep := func(ev *trace.Event) bool {
		switch {
		case ev.From == "horizontal-pod-autoscaler" && ev.Verb != trace.Reconcile && ev.Verb != trace.Watch && (ev.Verb != trace.List || ev.Group == "metrics.k8s.io"):
			return true
		case ev.Verb == trace.Proxy:
			return true
		case ev.Resource == "deployments" || ev.Resource == "replicasets":
			return story(ev)
		}
		return false
	}
	golden(t, "hpa.txt", table(c.Trace(), mark, keep))
	hpa := stored(c, "autoscaling", "HorizontalPodAutoscaler", "demo", "web")
	if got := fmt.Sprint(hpa.Content["status"].(map[string]any)["desiredReplicas"]); got != "8" {
		t.Errorf("status.desiredReplicas %s, want 8", got)
	}
}

// Inside the tolerance (54 % against 50 %: ratio 1.08 ≤ 1.1) nothing
// scales.
func TestHPAInsideTolerance(t *testing.T) {
	c := autoscaled(t)
	if err := c.Load("demo", "app=web", "324m"); err != nil {
		t.Fatal(err)
	}
	c.RunFor(2 * time.Minute)
	if n := specReplicas(c); n != 3 {
		t.Errorf("replicas %d, want 3", n)
	}
}

// Conversation 24: metrics.k8s.io is served through the aggregation
// proxy; with metrics-server down it fails (503) while the core API
// keeps serving.
func TestAggregatedAPIDown(t *testing.T) {
	c := autoscaled(t)
	alice := c.Client("alice")
	metrics := func() *api.Response {
		return alice.Do(&api.Request{Method: api.MethodGet, Path: "/apis/metrics.k8s.io/v1beta1/namespaces/demo/pods"}, nil)
	}
	if r := metrics(); r.Code != 200 || len(r.Items) != 3 {
		t.Fatalf("metrics: %d, %d items, want 200 and 3", r.Code, len(r.Items))
	}
	// Discovery of the group version is proxied too, and the PROXY event
	// names the path.
	from := c.Trace().Len()
	if r := alice.Do(&api.Request{Method: api.MethodGet, Path: "/apis/metrics.k8s.io/v1beta1"}, nil); r.Code != 200 {
		t.Fatalf("discovery of metrics.k8s.io/v1beta1: %d", r.Code)
	}
	proxied := c.Trace().Query(trace.Verbs(trace.Proxy)).After(from - 1).Events()
	if len(proxied) != 1 || proxied[0].Name != "/apis/metrics.k8s.io/v1beta1" {
		t.Errorf("discovery PROXY events %+v, want one naming /apis/metrics.k8s.io/v1beta1", proxied)
	}
	c.MetricsServer().Stop()
	r := metrics()
	want := `error trying to reach service: no endpoints available for service "metrics-server"`
	if r.Code != 503 || r.Status == nil || r.Status.Message != want {
		t.Errorf("metrics with the server down: %d %v, want 503 %s", r.Code, r.Status, want)
	}
	if _, err := alice.List(c.Env().Kind("", "Pod"), "demo", api.ListOptions{}); err != nil {
		t.Errorf("core API: %v", err)
	}
	// The HPA cannot compute a count and keeps the current one.
	if err := c.Load("demo", "app=web", "780m"); err != nil {
		t.Fatal(err)
	}
	c.RunFor(time.Minute)
	if n := specReplicas(c); n != 3 {
		t.Errorf("replicas %d with metrics down, want 3", n)
	}
	hpa := stored(c, "autoscaling", "HorizontalPodAutoscaler", "demo", "web")
	if reason := hpa.GetString(".status.conditions[type=ScalingActive].reason"); reason != "FailedGetResourceMetric" {
		t.Errorf("ScalingActive reason %q, want FailedGetResourceMetric", reason)
	}
}
