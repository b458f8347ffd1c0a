package kubectl

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The describers of storage, disruption budgets, EndpointSlices and
// CronJobs print what kubectl v1.37 printed for the same objects, read
// back from a real API server after its controllers had acted on them
// (testdata/describe.yaml): a claim bound by the volume binder with its
// Unused condition, volumes of four sources, node affinity terms, CSI
// attributes, both budget bounds, endpoints with and without conditions;
// and annotations too long for one line or of several lines.
func TestDescribeStorageAndPolicy(t *testing.T) {
	env := Env{Objects: objectsOf(t, "describe.yaml"), Now: testNow, Namespace: "demo", Kinds: object.NewBuiltinRegistry().Resolve}
	cases := []struct{ name, line string }{
		{"describe-storageclass", "kubectl describe storageclass fast"},
		{"describe-storageclass-plain", "kubectl describe sc slow"},
		{"describe-pv-hostpath", "kubectl describe pv pv-host"},
		{"describe-pv-csi", "kubectl describe pv pv-csi"},
		{"describe-pv-nfs", "kubectl describe pv pv-nfs"},
		{"describe-pv-local", "kubectl describe pv pv-local"},
		{"describe-pvc-bound", "kubectl describe pvc data"},
		{"describe-pvc-pending", "kubectl describe pvc waiting"},
		{"describe-pvc-datasource", "kubectl describe pvc cloned"},
		{"describe-pdb-min", "kubectl describe pdb web-pdb"},
		{"describe-pdb-max", "kubectl describe pdb db-pdb"},
		{"describe-pdb-unset", "kubectl describe pdb none-pdb"},
		{"describe-endpointslice", "kubectl describe endpointslice manual-abc"},
		{"describe-endpointslice-empty", "kubectl describe endpointslice empty"},
		{"describe-cronjob", "kubectl describe cronjob report"},
		{"describe-cronjob-plain", "kubectl describe cronjob plain"},
		{"describe-pod-csi", "kubectl describe pod db-0"},
		{"describe-configmap-annotations", "kubectl describe cm annotated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := env.RunLine(c.line + " --show-events=false")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, got)
		})
	}
}
