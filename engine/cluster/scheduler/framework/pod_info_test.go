package framework

import (
	"reflect"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

func podFromYAML(t *testing.T, y string) *object.Object {
	t.Helper()
	docs, err := object.DecodeYAML([]byte(y))
	if err != nil || len(docs) != 1 || docs[0].Err != nil {
		t.Fatalf("decode: %v %v", err, docs[0].Err)
	}
	return docs[0].Object
}

// TestPodRequests: resource.PodRequests' arithmetic, and the non-zero
// defaults the scoring plugins use.
func TestPodRequests(t *testing.T) {
	tests := []struct {
		name         string
		spec         string
		cpu, mem     int64
		nzCPU, nzMem int64
	}{
		{
			name:  "no requests",
			spec:  `containers: [{name: a, image: x}]`,
			nzCPU: DefaultMilliCPURequest, nzMem: DefaultMemoryRequest,
		},
		{
			name: "containers summed, a missing memory defaulted for scoring only",
			spec: `containers: [{name: a, image: x, resources: {requests: {cpu: 250m, memory: 64Mi}}}, {name: b, image: x, resources: {requests: {cpu: 250m}}}]`,
			cpu:  500, mem: 64 << 20, nzCPU: 500, nzMem: 64<<20 + DefaultMemoryRequest,
		},
		{
			name: "an init container larger than the sum sets the floor",
			spec: `{initContainers: [{name: i, image: x, resources: {requests: {cpu: "2"}}}], containers: [{name: a, image: x, resources: {requests: {cpu: 500m, memory: 1Gi}}}]}`,
			cpu:  2000, mem: 1 << 30, nzCPU: 2000, nzMem: 1 << 30,
		},
		{
			name: "a sidecar adds to the sum and to later init containers",
			spec: `{initContainers: [{name: s, image: x, restartPolicy: Always, resources: {requests: {cpu: 100m}}}, {name: i, image: x, resources: {requests: {cpu: "1"}}}], containers: [{name: a, image: x, resources: {requests: {cpu: 500m, memory: 1Gi}}}]}`,
			cpu:  1100, mem: 1 << 30, nzCPU: 1100, nzMem: 1<<30 + DefaultMemoryRequest,
		},
		{
			name: "pod-level requests and overhead",
			spec: `{resources: {requests: {cpu: "1"}}, overhead: {cpu: 100m}, containers: [{name: a, image: x, resources: {requests: {cpu: 250m, memory: 1Gi}}}]}`,
			cpu:  1100, mem: 1 << 30, nzCPU: 1100, nzMem: 1 << 30,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := tc.spec
			if spec[0] != '{' {
				spec = "{" + spec + "}"
			}
			p := NewPodInfo(podFromYAML(t, "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: demo}\nspec: "+spec))
			if p.Requests.MilliCPU != tc.cpu || p.Requests.Memory != tc.mem {
				t.Errorf("requests = %dm %d, want %dm %d", p.Requests.MilliCPU, p.Requests.Memory, tc.cpu, tc.mem)
			}
			if p.NonZeroRequests.MilliCPU != tc.nzCPU || p.NonZeroRequests.Memory != tc.nzMem {
				t.Errorf("non-zero = %dm %d, want %dm %d", p.NonZeroRequests.MilliCPU, p.NonZeroRequests.Memory, tc.nzCPU, tc.nzMem)
			}
		})
	}
}

// TestPodInfoParts: host ports, images, preferred terms and gates.
func TestPodInfoParts(t *testing.T) {
	p := NewPodInfo(podFromYAML(t, `apiVersion: v1
kind: Pod
metadata: {name: p, namespace: demo}
spec:
  schedulingGates: [{name: example.com/quota}]
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - {weight: 5, preference: {matchExpressions: [{key: zone, operator: In, values: [a]}], matchFields: [{key: metadata.name, operator: NotIn, values: [n1, n2]}]}}
      - {weight: 0, preference: {matchExpressions: [{key: zone, operator: In, values: [b]}]}}
  containers:
  - name: a
    image: registry.example/web
    ports: [{containerPort: 80, hostPort: 8080}, {containerPort: 81}]
`))
	if len(p.HostPorts) != 1 || p.HostPorts[0].Port != 8080 {
		t.Errorf("host ports = %+v", p.HostPorts)
	}
	if len(p.Images) != 1 || p.Images[0] != "registry.example/web:latest" {
		t.Errorf("images = %v", p.Images)
	}
	if len(p.PreferredNodeTerms) != 1 || p.PreferredNodeTerms[0].Weight != 5 {
		t.Errorf("preferred = %+v (weight 0 terms are dropped)", p.PreferredNodeTerms)
	} else {
		want := object.NodeSelectorTerm{
			MatchExpressions: []object.Requirement{{Key: "zone", Operator: "In", Values: []string{"a"}}},
			MatchFields:      []object.Requirement{{Key: "metadata.name", Operator: "NotIn", Values: []string{"n1", "n2"}}},
		}
		if got := p.PreferredNodeTerms[0].Term; !reflect.DeepEqual(got, want) {
			t.Errorf("preferred term = %+v, want %+v", got, want)
		}
	}
	if len(p.SchedulingGates) != 1 {
		t.Errorf("gates = %v", p.SchedulingGates)
	}
}
