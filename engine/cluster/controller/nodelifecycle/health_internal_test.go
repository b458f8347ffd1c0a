package nodelifecycle

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestLeaseRenewTimeIsViewLeases checks that leaseRenewTime reads what
// object.ViewLease reads as RenewTime, for well-formed, missing and
// malformed renewTimes.
func TestLeaseRenewTimeIsViewLeases(t *testing.T) {
	specs := []map[string]any{
		{"holderIdentity": "worker-a", "leaseDurationSeconds": int64(40),
			"acquireTime": "2024-01-01T00:00:00.000000Z", "renewTime": "2024-01-01T00:00:10.500000Z"},
		{"renewTime": "2024-01-01T00:00:10Z"},
		{"renewTime": "2024-01-01T01:00:10.123456+01:00"},
		{"renewTime": "not a time"},
		{"renewTime": int64(3)},
		{"holderIdentity": "worker-b"},
		nil,
	}
	for i, spec := range specs {
		o := object.New("coordination.k8s.io/v1", "Lease")
		o.Meta.Name, o.Meta.Namespace = "worker-a", "kube-node-lease"
		if spec != nil {
			o.Content["spec"] = spec
		}
		got, want := leaseRenewTime(o), object.ViewLease(o).RenewTime
		if !got.Equal(want) || got.Location() != want.Location() {
			t.Errorf("spec %d: leaseRenewTime = %v, ViewLease's RenewTime = %v", i, got, want)
		}
	}
}
