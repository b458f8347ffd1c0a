package quota

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func pod(spec map[string]any, status map[string]any) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Name, o.Meta.Namespace = "p", "demo"
	o.Content = map[string]any{"spec": spec, "status": status}
	return o
}

func container(name string, requests, limits map[string]any) map[string]any {
	res := map[string]any{}
	if requests != nil {
		res["requests"] = requests
	}
	if limits != nil {
		res["limits"] = limits
	}
	return map[string]any{"name": name, "resources": res}
}

// A Pod's usage: its containers summed, raised to its largest init
// container, plus overhead; a finished Pod only counts as count/pods.
func TestPodUsage(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	spec := map[string]any{
		"containers": []any{
			container("a", map[string]any{"cpu": "300m", "memory": "64Mi"}, map[string]any{"memory": "128Mi"}),
			container("b", map[string]any{"cpu": "100m"}, nil),
		},
		"initContainers": []any{container("init", map[string]any{"cpu": "1"}, nil)},
		"overhead":       map[string]any{"cpu": "10m"},
	}
	got := Usage("", "pods", pod(spec, map[string]any{"phase": "Running"}), now).String()
	want := "count/pods=1,cpu=1010m,limits.memory=128Mi,memory=64Mi,pods=1,requests.cpu=1010m,requests.memory=64Mi"
	if got != want {
		t.Errorf("running pod usage\n got %s\nwant %s", got, want)
	}
	if got := Usage("", "pods", pod(spec, map[string]any{"phase": "Succeeded"}), now).String(); got != "count/pods=1" {
		t.Errorf("finished pod usage %s", got)
	}
	deleting := pod(spec, map[string]any{"phase": "Running"})
	at, grace := now.Add(-time.Minute), int64(30)
	deleting.Meta.DeletionTimestamp, deleting.Meta.DeletionGracePeriodSeconds = &at, &grace
	if got := Usage("", "pods", deleting, now).String(); got != "count/pods=1" {
		t.Errorf("pod past its grace period: usage %s", got)
	}
}

// Objects other than Pods: counts by type and name, storage requests.
func TestObjectUsage(t *testing.T) {
	svc := object.New("v1", "Service")
	svc.Content = map[string]any{"spec": map[string]any{"type": "LoadBalancer"}}
	pvc := object.New("v1", "PersistentVolumeClaim")
	pvc.Content = map[string]any{"spec": map[string]any{"resources": map[string]any{"requests": map[string]any{"storage": "5Gi"}}}}
	d := object.New("apps/v1", "Deployment")
	cm := object.New("v1", "ConfigMap")
	for _, c := range []struct {
		group, resource string
		o               *object.Object
		want            string
	}{
		{"", "services", svc, "count/services=1,services=1,services.loadbalancers=1"},
		{"", "persistentvolumeclaims", pvc, "count/persistentvolumeclaims=1,persistentvolumeclaims=1,requests.storage=5Gi"},
		{"apps", "deployments", d, "count/deployments.apps=1"},
		{"", "configmaps", cm, "configmaps=1,count/configmaps=1"},
	} {
		if got := Usage(c.group, c.resource, c.o, time.Time{}).String(); got != c.want {
			t.Errorf("%s: %s, want %s", c.resource, got, c.want)
		}
	}
}

// A quota on cpu or memory makes every container name it.
func TestConstraints(t *testing.T) {
	p := pod(map[string]any{"containers": []any{
		container("web", map[string]any{"cpu": "1"}, nil),
		container("side", nil, nil),
	}}, nil)
	err := Constraints("", "pods", []string{"limits.memory", "pods", "requests.cpu"}, p)
	if want := "must specify limits.memory for: side,web; requests.cpu for: side"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if err := Constraints("", "pods", []string{"pods"}, p); err != nil {
		t.Errorf("a quota on pods alone: %v", err)
	}
}

// Scoped quotas apply to the Pods in scope, and to nothing else.
func TestScopes(t *testing.T) {
	quota := func(scopes ...any) *object.Object {
		q := object.New("v1", "ResourceQuota")
		q.Content = map[string]any{"spec": map[string]any{"scopes": scopes}}
		return q
	}
	hard := List{"pods": object.NewQuantity(1, object.DecimalSI), "count/configmaps": object.NewQuantity(1, object.DecimalSI)}
	bestEffort := pod(map[string]any{"containers": []any{container("a", nil, nil)}}, nil)
	burstable := pod(map[string]any{"containers": []any{container("a", map[string]any{"cpu": "1"}, nil)}}, nil)
	deadline := pod(map[string]any{"activeDeadlineSeconds": int64(60), "containers": []any{container("a", nil, nil)}}, nil)
	cm := object.New("v1", "ConfigMap")
	for _, c := range []struct {
		name string
		q    *object.Object
		o    *object.Object
		res  string
		want bool
	}{
		{"no scope, pod", quota(), bestEffort, "pods", true},
		{"no scope, configmap", quota(), cm, "configmaps", true},
		{"BestEffort, best-effort pod", quota("BestEffort"), bestEffort, "pods", true},
		{"BestEffort, burstable pod", quota("BestEffort"), burstable, "pods", false},
		{"NotBestEffort, burstable pod", quota("NotBestEffort"), burstable, "pods", true},
		{"Terminating, pod with a deadline", quota("Terminating"), deadline, "pods", true},
		{"NotTerminating, pod with a deadline", quota("NotTerminating"), deadline, "pods", false},
		{"scoped, configmap", quota("BestEffort"), cm, "configmaps", false},
	} {
		if got := Matches(c.q, "", c.res, c.o, hard); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
