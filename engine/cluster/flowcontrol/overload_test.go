package flowcontrol

import (
	"net/http"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestOverload is the `overload api CLIENT` fault as Kubernetes describes
// it: a noisy client floods its priority level with expensive requests;
// its requests queue and are then rejected with 429 and Retry-After, while
// leader election and node heartbeats arriving at the same instants are
// served at once.
func TestOverload(t *testing.T) {
	system := []struct {
		name  string
		user  *api.UserInfo
		info  api.RequestInfo
		level string
	}{
		{"controller-manager renews its lease", user(UserKubeControllerManager), kcmLeaseUpdate, LevelLeaderElection},
		{"scheduler reads its lease", user(UserKubeScheduler), schedLeaseGet, LevelLeaderElection},
		{"worker-1 renews its node lease", node("worker-1"), nodeLeaseUpdate, LevelNodeHigh},
		{"worker-2 renews its node lease", node("worker-2"),
			res("update", "coordination.k8s.io", "leases", "", "kube-node-lease", "worker-2"), LevelNodeHigh},
		{"worker-1 posts node status", node("worker-1"), nodeStatusPatch, LevelNodeHigh},
		{"worker-1 reads a secret", node("worker-1"), res("get", "", "secrets", "", "demo", "db"), LevelSystem},
	}
	tests := []struct {
		name  string
		noisy *api.UserInfo
		level string
	}{
		{"noisy ServiceAccount", serviceAccount("default", "noisy"), LevelWorkloadLow},
		{"noisy user", user("mallory"), LevelGlobalDefault},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Config{})
			const tick = 100 * time.Millisecond
			var admitted, waited, rejected int
			reasons := map[RejectReason]int{}
			retryAfter := map[int]int{} // by second: the largest Retry-After sent
			for i := range 30 {
				now := sim.Time(time.Duration(i) * tick)
				for range 200 { // 2,000 expensive lists a second
					d := c.Admit(now, tc.noisy, listPods, 10*time.Second)
					if d.Level != tc.level {
						t.Fatalf("noisy request in %s, want %s", d.Level, tc.level)
					}
					switch {
					case d.Rejected:
						rejected++
						reasons[d.Reason]++
						if d.Status.Code != http.StatusTooManyRequests || d.Status.Reason != api.ReasonTooManyRequests ||
							d.Status.RetryAfterSeconds < 1 {
							t.Fatalf("rejection status %+v", d.Status)
						}
						s := int(now / sec)
						retryAfter[s] = max(retryAfter[s], d.Status.RetryAfterSeconds)
					case d.Wait > 0:
						waited++
						fallthrough
					default:
						admitted++
					}
				}
				for _, s := range system {
					d := c.Admit(now, s.user, s.info, 5*time.Millisecond)
					if d.Rejected || d.Wait != 0 || d.Level != s.level {
						t.Fatalf("at %v %s: %+v, want served at once in %s", now, s.name, d, s.level)
					}
				}
			}
			if waited == 0 || reasons[RejectQueueFull] == 0 || reasons[RejectTimeOut] == 0 {
				t.Errorf("noisy client: %d admitted (%d after waiting), rejections %v; want waits, queue-full and time-out",
					admitted, waited, reasons)
			}
			// Retry-After starts at 1 s and doubles after a second of
			// heavy rejection (dropped_requests_tracker.go).
			if retryAfter[0] != 1 || retryAfter[1] != 2 || retryAfter[2] != 2 {
				t.Errorf("largest Retry-After by second = %v, want 1, 2, 2", retryAfter)
			}
			for _, l := range c.Stats(3 * sec) {
				switch l.Name {
				case tc.level:
					if l.Rejected != rejected || l.Dispatched != admitted || l.Queued != waited || l.SeatsInUse != l.NominalCL {
						t.Errorf("%s: %+v", l.Name, l)
					}
				case LevelLeaderElection, LevelNodeHigh, LevelSystem:
					if l.Rejected != 0 || l.Queued != 0 || l.Dispatched == 0 {
						t.Errorf("%s: %d dispatched, %d queued, %d rejected", l.Name, l.Dispatched, l.Queued, l.Rejected)
					}
				}
			}
		})
	}
}
