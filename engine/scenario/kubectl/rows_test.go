package kubectl

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// kubectl get jobs prints each Job's status, completions and duration as
// printJob does.
func TestJobRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	now := created.Add(95 * time.Second)
	job := func(spec, status map[string]any, deleting bool) *object.Object {
		o := object.New("batch/v1", "Job")
		o.Meta.Name, o.Meta.Namespace, o.Meta.CreationTimestamp = "pi", "demo", created
		if deleting {
			o.Meta.DeletionTimestamp = &now
		}
		spec["template"] = map[string]any{"spec": map[string]any{"containers": []any{map[string]any{"name": "pi", "image": "busybox"}}}}
		spec["selector"] = map[string]any{"matchLabels": map[string]any{"batch.kubernetes.io/controller-uid": "u"}}
		o.Content["spec"], o.Content["status"] = spec, status
		return o
	}
	cond := func(types ...string) []any {
		var out []any
		for _, c := range types {
			out = append(out, map[string]any{"type": c, "status": "True"})
		}
		return out
	}
	started := map[string]any{"startTime": "2026-01-01T10:00:05Z"}
	cases := []struct {
		name string
		o    *object.Object
		want []string
	}{
		{"not started", job(map[string]any{"completions": int64(3)}, map[string]any{}, false),
			[]string{"pi", "Running", "0/3", "", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"running", job(map[string]any{"completions": int64(3)}, map[string]any{"startTime": started["startTime"], "succeeded": int64(1)}, false),
			[]string{"pi", "Running", "1/3", "90s", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"complete", job(map[string]any{"completions": int64(3)}, map[string]any{"startTime": started["startTime"], "completionTime": "2026-01-01T10:00:17Z",
			"succeeded": int64(3), "conditions": cond("SuccessCriteriaMet", "Complete")}, false),
			[]string{"pi", "Complete", "3/3", "12s", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"failed", job(map[string]any{"completions": int64(1)}, map[string]any{"startTime": started["startTime"], "failed": int64(7), "conditions": cond("FailureTarget", "Failed")}, false),
			[]string{"pi", "Failed", "0/1", "90s", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"failure target", job(map[string]any{"completions": int64(1)}, map[string]any{"conditions": cond("FailureTarget")}, false),
			[]string{"pi", "FailureTarget", "0/1", "", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"terminating", job(map[string]any{"completions": int64(1)}, map[string]any{}, true),
			[]string{"pi", "Terminating", "0/1", "", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"work queue", job(map[string]any{"parallelism": int64(4)}, map[string]any{"succeeded": int64(2)}, false),
			[]string{"pi", "Running", "2/1 of 4", "", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
		{"one at a time, no completions", job(map[string]any{"parallelism": int64(1)}, map[string]any{}, false),
			[]string{"pi", "Running", "0/1", "", "95s", "pi", "busybox", "batch.kubernetes.io/controller-uid=u"}},
	}
	for _, c := range cases {
		if got := jobRow(c.o, now); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// kubectl get lease prints the holder.
func TestLeaseRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("coordination.k8s.io/v1", "Lease")
	o.Meta.Name, o.Meta.Namespace, o.Meta.CreationTimestamp = "kube-controller-manager", "kube-system", created
	o.Content["spec"] = map[string]any{"holderIdentity": "controller-manager_0"}
	if got, want := leaseRow(o, created.Add(14*time.Minute)), []string{"kube-controller-manager", "controller-manager_0", "14m"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// kubectl get cronjobs prints the schedule, zone, suspend, active count
// and the time since the last schedule.
func TestCronJobRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("batch/v1", "CronJob")
	o.Meta.Name, o.Meta.Namespace, o.Meta.CreationTimestamp = "tick", "demo", created
	o.Content["spec"] = map[string]any{"schedule": "*/1 * * * *", "suspend": false,
		"jobTemplate": map[string]any{"spec": map[string]any{"template": map[string]any{"spec": map[string]any{
			"containers": []any{map[string]any{"name": "w", "image": "busybox"}}}}}}}
	o.Content["status"] = map[string]any{"lastScheduleTime": "2026-01-01T10:04:00Z", "active": []any{map[string]any{"name": "tick-1"}}}
	want := []string{"tick", "*/1 * * * *", "<none>", "False", "1", "14s", "4m14s", "w", "busybox", "<none>"}
	if got := cronJobRow(o, created.Add(4*time.Minute+14*time.Second)); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// kubectl get daemonsets prints the status counts and the node selector,
// as kubectl v1.37 prints a DaemonSet on three Nodes.
func TestDaemonSetRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("apps/v1", "DaemonSet")
	o.Meta.Name, o.Meta.Namespace, o.Meta.CreationTimestamp = "agent", "demo", created
	tplSpec := map[string]any{"containers": []any{map[string]any{"name": "agent", "image": "agent:v2"}}}
	o.Content["spec"] = map[string]any{"selector": map[string]any{"matchLabels": map[string]any{"app": "agent"}},
		"template": map[string]any{"spec": tplSpec}}
	o.Content["status"] = map[string]any{"currentNumberScheduled": int64(3), "desiredNumberScheduled": int64(3), "numberAvailable": int64(3),
		"numberMisscheduled": int64(0), "numberReady": int64(3), "observedGeneration": int64(3), "updatedNumberScheduled": int64(3)}
	now := created.Add(9*time.Minute + 52*time.Second)
	want := []string{"agent", "3", "3", "3", "3", "3", "<none>", "9m52s", "agent", "agent:v2", "app=agent"}
	if got := daemonSetRow(o, now); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	tplSpec["nodeSelector"] = map[string]any{"zone": "a", "disk": "ssd"}
	delete(o.Content["status"].(map[string]any), "numberAvailable")
	want[5], want[6] = "0", "disk=ssd,zone=a"
	if got := daemonSetRow(o, now); !slices.Equal(got, want) {
		t.Errorf("with a node selector: got %q, want %q", got, want)
	}
}

// kubectl get quota prints USED/HARD per resource, limits apart, as
// kubectl v1.37 prints the quota of its namespace.
func TestResourceQuotaRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("v1", "ResourceQuota")
	o.Meta.Name, o.Meta.Namespace, o.Meta.CreationTimestamp = "compute", "demo", created
	hard := map[string]any{"configmaps": "3", "count/deployments.apps": "1", "limits.memory": "1Gi", "pods": "2", "requests.cpu": "1"}
	o.Content["spec"] = map[string]any{"hard": hard}
	o.Content["status"] = map[string]any{"hard": hard, "used": map[string]any{
		"configmaps": "1", "count/deployments.apps": "0", "limits.memory": "0", "pods": "0", "requests.cpu": "0"}}
	want := []string{"compute", "configmaps: 1/3, count/deployments.apps: 0/1, pods: 0/2, requests.cpu: 0/1", "limits.memory: 0/1Gi", "2s"}
	if got := resourceQuotaRow(o, created.Add(2*time.Second)); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// kubectl get limits prints the name and when it was created.
func TestLimitRangeRow(t *testing.T) {
	o := object.New("v1", "LimitRange")
	o.Meta.Name, o.Meta.CreationTimestamp = "sizes", time.Date(2026, 11, 30, 8, 29, 27, 0, time.UTC)
	if got, want := limitRangeRow(o, time.Time{}), []string{"sizes", "2026-11-30T08:29:27Z"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// kubectl get controllerrevisions names the controller as kind.group.
func TestControllerRevisionRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("apps/v1", "ControllerRevision")
	o.Meta.Name, o.Meta.CreationTimestamp = "db-8898b9c84", created
	yes := true
	o.Meta.OwnerReferences = []object.OwnerReference{{APIVersion: "apps/v1", Kind: "StatefulSet", Name: "db", Controller: &yes}}
	o.Content["revision"] = int64(1)
	if got, want := controllerRevisionRow(o, created.Add(11*time.Second)), []string{"db-8898b9c84", "statefulset.apps/db", "1", "11s"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// kubectl get pdb prints the bound set, N/A for the other, and the
// disruptions allowed, as kubectl v1.37 prints a budget of minAvailable 3.
func TestPodDisruptionBudgetRow(t *testing.T) {
	created := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	o := object.New("policy/v1", "PodDisruptionBudget")
	o.Meta.Name, o.Meta.CreationTimestamp = "pw", created
	o.Content["spec"] = map[string]any{"minAvailable": int64(3)}
	o.Content["status"] = map[string]any{"disruptionsAllowed": int64(0)}
	if got, want := podDisruptionBudgetRow(o, created.Add(6*time.Second)), []string{"pw", "3", "N/A", "0", "6s"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// kubectl describe quota and describe limitrange print what kubectl v1.37
// prints for the same objects (the tab-aligned tables, "-" for a bound
// not set).
func TestDescribePolicies(t *testing.T) {
	q := object.New("v1", "ResourceQuota")
	q.Meta.Name, q.Meta.Namespace = "compute", "q1"
	hard := map[string]any{"configmaps": "3", "count/deployments.apps": "1", "limits.memory": "1Gi", "pods": "2", "requests.cpu": "1"}
	q.Content["spec"] = map[string]any{"hard": hard}
	q.Content["status"] = map[string]any{"hard": hard, "used": map[string]any{
		"configmaps": "3", "count/deployments.apps": "1", "limits.memory": "600Mi", "pods": "2", "requests.cpu": "600m"}}
	want := "Name:                   compute\n" +
		"Namespace:              q1\n" +
		"Resource                Used   Hard\n" +
		"--------                ----   ----\n" +
		"configmaps              3      3\n" +
		"count/deployments.apps  1      1\n" +
		"limits.memory           600Mi  1Gi\n" +
		"pods                    2      2\n" +
		"requests.cpu            600m   1\n"
	if got := describeQuota(q); got != want {
		t.Errorf("describe quota:\n%s\nwant:\n%s", got, want)
	}
	lr := object.New("v1", "LimitRange")
	lr.Meta.Name, lr.Meta.Namespace = "sizes", "lr1"
	lr.Content["spec"] = map[string]any{"limits": []any{map[string]any{"type": "Container",
		"default": map[string]any{"cpu": "500m", "memory": "256Mi"}, "defaultRequest": map[string]any{"cpu": "250m", "memory": "128Mi"},
		"max": map[string]any{"cpu": "1", "memory": "1Gi"}, "min": map[string]any{"cpu": "100m", "memory": "64Mi"},
		"maxLimitRequestRatio": map[string]any{"cpu": "4"}}}}
	want = "Name:       sizes\n" +
		"Namespace:  lr1\n" +
		"Type        Resource  Min   Max  Default Request  Default Limit  Max Limit/Request Ratio\n" +
		"----        --------  ---   ---  ---------------  -------------  -----------------------\n" +
		"Container   cpu       100m  1    250m             500m           4\n" +
		"Container   memory    64Mi  1Gi  128Mi            256Mi          -\n"
	if got := describeLimitRange(lr); got != want {
		t.Errorf("describe limitrange:\n%s\nwant:\n%s", got, want)
	}
}
