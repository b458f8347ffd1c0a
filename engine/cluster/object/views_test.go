package object

import (
	"testing"
	"time"
)

func TestViewPod(t *testing.T) {
	r := NewBuiltinRegistry()
	o := mustDecode(t, podYAML)
	info, _ := r.For(o)
	info.Default(o)
	o.Set(".spec.tolerations", []any{map[string]any{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}})
	o.Set(".spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms", []any{
		map[string]any{"matchExpressions": []any{map[string]any{"key": "zone", "operator": "In", "values": []any{"a", "b"}}}},
	})
	o.Set(".spec.initContainers", []any{map[string]any{"name": "init", "image": "busybox", "resources": map[string]any{"requests": map[string]any{"cpu": "2"}}}})
	v := ViewPod(o)
	if v.Name != "web-7c9d4-x2kqp" || v.NodeName != "worker-a" || v.Phase != "Running" || v.PodIP != "10.244.0.5" {
		t.Errorf("basic fields: %+v", v)
	}
	if !v.IsReady() || v.IsTerminal() {
		t.Error("readiness")
	}
	c, ok := v.Condition("Ready")
	if !ok || !c.LastTransitionTime.Equal(time.Date(2024, 1, 1, 0, 0, 10, 0, time.UTC)) {
		t.Errorf("Ready condition = %+v", c)
	}
	if len(v.Containers) != 1 {
		t.Fatalf("containers = %+v", v.Containers)
	}
	ct := v.Containers[0]
	if ct.Requests.CPUMilli != 250 || ct.Requests.Memory != 64<<20 || ct.Limits.CPUMilli != 1000 || ct.Limits.Memory != 128<<20 {
		t.Errorf("resources = %+v / %+v", ct.Requests, ct.Limits)
	}
	if len(ct.Ports) != 1 || ct.Ports[0].ContainerPort != 80 || ct.Ports[0].Name != "http" || ct.Ports[0].Protocol != "TCP" {
		t.Errorf("ports = %+v", ct.Ports)
	}
	if p := ct.ReadinessProbe; p == nil || p.Handler != "httpGet" || p.Path != "/healthz" || p.Port != "http" || p.PeriodSeconds != 10 {
		t.Errorf("readiness probe = %+v", p)
	}
	if req := v.Requests(); req.CPUMilli != 2000 || req.Memory != 64<<20 {
		t.Errorf("pod requests = %+v (init container dominates cpu)", req)
	}
	if len(v.ContainerStatuses) != 1 || v.ContainerStatuses[0].State != "running" || v.ContainerStatuses[0].RestartCount != 2 || !v.ContainerStatuses[0].Ready {
		t.Errorf("container statuses = %+v", v.ContainerStatuses)
	}
	if len(v.Tolerations) != 1 || *v.Tolerations[0].TolerationSeconds != 300 {
		t.Errorf("tolerations = %+v", v.Tolerations)
	}
	if len(v.RequiredNodeTerms) != 1 || !v.RequiredNodeTerms[0].MatchesNode(map[string]string{"zone": "b"}, "n") || v.RequiredNodeTerms[0].MatchesNode(map[string]string{"zone": "c"}, "n") {
		t.Errorf("node terms = %+v", v.RequiredNodeTerms)
	}
	if v.TerminationGracePeriodSeconds != 30 || v.Deleting {
		t.Errorf("grace %d deleting %v", v.TerminationGracePeriodSeconds, v.Deleting)
	}
}

func TestTolerations(t *testing.T) {
	notReady := Taint{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute"}
	tests := []struct {
		name string
		tol  Toleration
		want bool
	}{
		{"exists same key", Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: "NoExecute"}, true},
		{"exists any effect", Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Exists"}, true},
		{"wildcard", Toleration{Operator: "Exists"}, true},
		{"other effect", Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: "NoSchedule"}, false},
		{"equal empty value", Toleration{Key: "node.kubernetes.io/not-ready", Effect: "NoExecute"}, true},
		{"equal other value", Toleration{Key: "node.kubernetes.io/not-ready", Operator: "Equal", Value: "x"}, false},
		{"other key", Toleration{Key: "dedicated", Operator: "Exists"}, false},
	}
	for _, tc := range tests {
		if got := tc.tol.ToleratesTaint(notReady); got != tc.want {
			t.Errorf("%s: ToleratesTaint = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestViewNode(t *testing.T) {
	o := mustDecode(t, `apiVersion: v1
kind: Node
metadata: {name: worker-a, labels: {kubernetes.io/hostname: worker-a}}
spec:
  podCIDR: 10.244.1.0/24
  unschedulable: true
  taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule, timeAdded: "2024-01-01T00:00:00Z"}]
status:
  capacity: {cpu: "4", memory: 8Gi, pods: "110", example.com/dongle: "2"}
  allocatable: {cpu: 3800m, memory: 7Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True", lastHeartbeatTime: "2024-01-01T00:00:40Z"}
  addresses: [{type: InternalIP, address: 192.168.1.10}, {type: Hostname, address: worker-a}]
  nodeInfo: {kubeletVersion: v1.37.2}
`)
	v := ViewNode(o)
	if v.Name != "worker-a" || !v.Unschedulable || v.PodCIDR != "10.244.1.0/24" || v.KubeletVersion != "v1.37.2" {
		t.Errorf("fields: %+v", v)
	}
	if v.Capacity.CPUMilli != 4000 || v.Capacity.Memory != 8<<30 || v.Capacity.Pods != 110 || v.Capacity.Other["example.com/dongle"] != 2 {
		t.Errorf("capacity = %+v", v.Capacity)
	}
	if v.Allocatable.CPUMilli != 3800 || v.Allocatable.Memory != 7<<30 {
		t.Errorf("allocatable = %+v", v.Allocatable)
	}
	if v.Ready() != "True" || v.InternalIP() != "192.168.1.10" || len(v.Taints) != 1 || v.Taints[0].TimeAdded.IsZero() {
		t.Errorf("ready %q ip %q taints %+v", v.Ready(), v.InternalIP(), v.Taints)
	}
	c, _ := v.Condition("Ready")
	if !c.LastHeartbeatTime.Equal(time.Date(2024, 1, 1, 0, 0, 40, 0, time.UTC)) {
		t.Errorf("heartbeat = %v", c.LastHeartbeatTime)
	}
}

func TestViewDeploymentAndReplicaSet(t *testing.T) {
	r := NewBuiltinRegistry()
	d := mustDecode(t, deploymentYAML)
	info, _ := r.For(d)
	info.Default(d)
	PrepareForCreate(info, d)
	d.Set(".status", map[string]any{"observedGeneration": 1, "replicas": 3, "updatedReplicas": 2, "availableReplicas": 2,
		"conditions": []any{map[string]any{"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated"}}})
	v := ViewDeployment(d)
	if v.Replicas != 3 || v.Generation != 1 || v.StrategyType != "RollingUpdate" || v.RevisionHistoryLimit != 10 || v.ProgressDeadlineSeconds != 600 {
		t.Errorf("fields: %+v", v)
	}
	if !v.Selector.Matches(v.TemplateLabels) || v.Selector.String() != "app=web" {
		t.Errorf("selector %v vs %v", v.Selector, v.TemplateLabels)
	}
	surge, _ := ScaledIntOrPercent(v.MaxSurge, int(v.Replicas), true)
	unavail, _ := ScaledIntOrPercent(v.MaxUnavailable, int(v.Replicas), false)
	if surge != 1 || unavail != 0 {
		t.Errorf("25%% of 3: surge %d (ceil), unavailable %d (floor)", surge, unavail)
	}
	if v.Status.UpdatedReplicas != 2 || v.Status.AvailableReplicas != 2 {
		t.Errorf("status = %+v", v.Status)
	}
	if c, ok := FindCondition(v.Status.Conditions, "Progressing"); !ok || c.Reason != "ReplicaSetUpdated" {
		t.Errorf("conditions = %+v", v.Status.Conditions)
	}

	rs := mustDecode(t, "apiVersion: apps/v1\nkind: ReplicaSet\nmetadata:\n  name: web-7c9d4\n  namespace: demo\n  labels: {app: web, pod-template-hash: 7c9d4}\n  ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: d1, controller: true}]\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: web, pod-template-hash: 7c9d4}}\n  template: {metadata: {labels: {app: web, pod-template-hash: 7c9d4}}, spec: {containers: [{name: a, image: b}]}}\nstatus: {replicas: 2, readyReplicas: 1}\n")
	rv := ViewReplicaSet(rs)
	if rv.TemplateHash != "7c9d4" || rv.ControllerRef == nil || rv.ControllerRef.Name != "web" || rv.Replicas != 2 || rv.Status.ReadyReplicas != 1 {
		t.Errorf("replicaset view = %+v", rv)
	}
}

func TestScaledIntOrPercent(t *testing.T) {
	tests := []struct {
		v     any
		total int
		up    bool
		want  int
		err   bool
	}{
		{"25%", 10, true, 3, false},
		{"25%", 10, false, 2, false},
		{int64(2), 10, true, 2, false},
		{"100%", 7, false, 7, false},
		{"x", 1, true, 0, true},
		{"5", 1, true, 0, true},
		{true, 1, true, 0, true},
	}
	for _, tc := range tests {
		got, err := ScaledIntOrPercent(tc.v, tc.total, tc.up)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ScaledIntOrPercent(%v, %d, %v) = %d, %v", tc.v, tc.total, tc.up, got, err)
		}
	}
}

func TestViewServiceAndEndpointSlice(t *testing.T) {
	r := NewBuiltinRegistry()
	s := mustDecode(t, minimalService)
	info, _ := r.For(s)
	info.Default(s)
	s.Set(".spec.clusterIP", "10.96.1.1")
	v := ViewService(s)
	if v.Type != "ClusterIP" || v.ClusterIP != "10.96.1.1" || v.Selector["app"] != "web" || len(v.Ports) != 1 || v.Ports[0].TargetPort != int64(80) || v.Ports[0].Protocol != "TCP" {
		t.Errorf("service view = %+v", v)
	}
	es := mustDecode(t, `apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-abcde, namespace: demo, labels: {kubernetes.io/service-name: web}}
addressType: IPv4
ports: [{name: "", port: 80, protocol: TCP}]
endpoints:
- addresses: [10.244.0.5]
  conditions: {ready: true}
  nodeName: worker-a
  targetRef: {kind: Pod, name: web-1, namespace: demo, uid: p1}
- addresses: [10.244.0.6]
  conditions: {ready: false, serving: true, terminating: true}
- addresses: [10.244.0.7]
`)
	ev := ViewEndpointSlice(es)
	if ev.ServiceName != "web" || len(ev.Endpoints) != 3 || len(ev.Ports) != 1 || ev.Ports[0].Port != 80 {
		t.Fatalf("slice view = %+v", ev)
	}
	if e := ev.Endpoints[0]; !e.Ready || !e.Serving || e.Terminating || e.TargetName != "web-1" || e.NodeName != "worker-a" {
		t.Errorf("endpoint 0 = %+v", e)
	}
	if e := ev.Endpoints[1]; e.Ready || !e.Serving || !e.Terminating {
		t.Errorf("endpoint 1 = %+v", e)
	}
	if e := ev.Endpoints[2]; !e.Ready || !e.Serving {
		t.Errorf("endpoint 2 (no conditions) = %+v", e)
	}
}

func TestViewLease(t *testing.T) {
	renew := time.Date(2024, 1, 1, 0, 0, 0, 123456000, time.UTC)
	o := mustDecode(t, "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: worker-a, namespace: kube-node-lease}\nspec:\n  holderIdentity: worker-a\n  leaseDurationSeconds: 40\n  renewTime: \""+FormatMicroTime(renew)+"\"\n")
	v := ViewLease(o)
	if v.HolderIdentity != "worker-a" || v.LeaseDurationSeconds != 40 || !v.RenewTime.Equal(renew) {
		t.Errorf("lease view = %+v", v)
	}
	if v.Expired(renew.Add(39 * time.Second)) {
		t.Error("expired before its duration")
	}
	if !v.Expired(renew.Add(40 * time.Second)) {
		t.Error("not expired after its duration")
	}
	if FormatMicroTime(renew) != "2024-01-01T00:00:00.123456Z" {
		t.Errorf("micro time = %s", FormatMicroTime(renew))
	}
}

func TestLabelSelector(t *testing.T) {
	s, _ := LabelSelectorFrom(map[string]any{
		"matchLabels": map[string]any{"app": "web"},
		"matchExpressions": []any{
			map[string]any{"key": "tier", "operator": "In", "values": []any{"front", "edge"}},
			map[string]any{"key": "canary", "operator": "DoesNotExist"},
		},
	})
	if !s.Matches(map[string]string{"app": "web", "tier": "edge"}) {
		t.Error("should match")
	}
	if s.Matches(map[string]string{"app": "web", "tier": "edge", "canary": "1"}) || s.Matches(map[string]string{"app": "web"}) {
		t.Error("should not match")
	}
	if got := s.String(); got != "app=web,!canary,tier in (edge,front)" {
		t.Errorf("String() = %q", got)
	}
	if (LabelSelector{}).String() != "<none>" || !(LabelSelector{}).Matches(map[string]string{"a": "b"}) {
		t.Error("empty selector")
	}
}
