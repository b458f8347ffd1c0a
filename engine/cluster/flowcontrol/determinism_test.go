package flowcontrol

import (
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// run drives a Controller with a workload drawn from seed and returns
// every decision and the final figures.
func run(seed int64) ([]Decision, []LevelStats) {
	r := sim.NewRand(seed)
	c := New(Config{
		ObjectCount: func(api.GroupResource) (int64, bool) { return 450, true },
		WatchCount:  func(api.RequestInfo) int { return 30 },
	})
	who := []*api.UserInfo{
		user("alice"), user("bob"), serviceAccount("default", "app"), serviceAccount("demo", "noisy"),
		node("worker-1"), node("worker-2"), user(UserKubeControllerManager), user("admin", api.GroupMasters), anonymous,
	}
	what := []api.RequestInfo{
		listPods, nodeLeaseUpdate, kcmLeaseUpdate, nodeStatusPatch, path("get", "/healthz"),
		res("create", "", "configmaps", "", "demo", ""), res("get", "", "pods", "", "demo", "web"),
	}
	var out []Decision
	now := sim.Time(0)
	for range 6000 {
		now += sim.Time(r.Int63n(int64(time.Millisecond)))
		u := who[r.Intn(len(who))]
		cost := time.Duration(r.Int63n(int64(2 * time.Second)))
		if u.Name == "system:serviceaccount:demo:noisy" {
			cost *= 10
		}
		out = append(out, c.Admit(now, u, what[r.Intn(len(what))], cost))
	}
	return out, c.Stats(now + 10*sec)
}

func TestDeterminism(t *testing.T) {
	d1, s1 := run(7)
	d2, s2 := run(7)
	if !reflect.DeepEqual(d1, d2) || !reflect.DeepEqual(s1, s2) {
		t.Fatal("two runs from one seed decided differently")
	}
	// The workload exercises every path, so the comparison means something.
	var waited, rejected int
	reasons := map[RejectReason]bool{}
	for _, d := range d1 {
		if d.Wait > 0 && !d.Rejected {
			waited++
		}
		if d.Rejected {
			rejected++
			reasons[d.Reason] = true
		}
	}
	if waited == 0 || !reasons[RejectTimeOut] || !reasons[RejectQueueFull] {
		t.Errorf("workload too gentle: %d waited, %d rejected (%v)", waited, rejected, reasons)
	}
	if d3, _ := run(8); reflect.DeepEqual(d1, d3) {
		t.Error("another seed decided identically")
	}
}
