package flowcontrol

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// burstRun drives a Controller with bursts drawn from seed: many requests
// at one instant, instants and service times on a coarse grid so that
// events tie, wide LISTs among narrow writes. With fresh, every
// prediction replays a fresh copy of the level's state. Every dispatch
// checks the finish tree's choice against a scan of the queues.
func burstRun(seed int64, fresh bool) ([]Decision, []LevelStats) {
	r := sim.NewRand(seed)
	c := New(Config{
		ObjectCount: func(api.GroupResource) (int64, bool) { return 4500, true },
		WatchCount:  func(api.RequestInfo) int { return 30 },
	})
	for i := range c.levels {
		c.levels[i].qs.fresh = fresh
		c.levels[i].qs.verify = true
	}
	var who []*api.UserInfo
	for i := range 40 {
		who = append(who, node(fmt.Sprintf("node-%02d", i)), user(fmt.Sprintf("user-%02d", i)))
	}
	who = append(who, serviceAccount("demo", "noisy"), user(UserKubeControllerManager))
	what := []api.RequestInfo{
		listPods, nodeLeaseUpdate, nodeStatusPatch, res("create", "", "configmaps", "", "demo", ""),
		res("get", "", "pods", "", "demo", "web"), res("patch", "", "pods", "status", "demo", "web"),
	}
	var out []Decision
	now := sim.Time(0)
	for range 4000 {
		if r.Intn(8) == 0 {
			now += sim.Time(time.Duration(r.Intn(400)) * time.Millisecond)
		}
		u := who[r.Intn(len(who))]
		cost := time.Duration(1+r.Intn(40)) * 250 * time.Millisecond
		out = append(out, c.Admit(now, u, what[r.Intn(len(what))], cost))
		if r.Intn(50) == 0 {
			c.Stats(now)
		}
	}
	return out, c.Stats(now + 100*sec)
}

// TestPredictShadow checks that predictions served by the shadow state
// are the ones a fresh replay gives, decision by decision.
func TestPredictShadow(t *testing.T) {
	for seed := range int64(4) {
		d1, s1 := burstRun(seed, true)
		d2, s2 := burstRun(seed, false)
		sameRun(t, seed, d1, d2, s1, s2)
		waited, timedOut := waits(d1)
		if waited < 100 || timedOut == 0 {
			t.Fatalf("seed %d: the workload queued %d and timed out %d; it should do both", seed, waited, timedOut)
		}
	}
}

// sameRun fails the test unless the run with kept replays (d2, s2) made
// the decisions and kept the stats of the one with fresh replays (d1,
// s1).
func sameRun(t *testing.T, seed int64, d1, d2 []Decision, s1, s2 []LevelStats) {
	t.Helper()
	for i := range d1 {
		if !reflect.DeepEqual(d1[i], d2[i]) {
			t.Fatalf("seed %d: decision %d differs:\nfresh %+v\nkept  %+v", seed, i, d1[i], d2[i])
		}
	}
	if !reflect.DeepEqual(s1, s2) {
		t.Fatalf("seed %d: stats differ:\nfresh %+v\nkept  %+v", seed, s1, s2)
	}
}

// waits counts the decisions that queued a request and then dispatched
// it, and those that timed it out in its queue.
func waits(ds []Decision) (waited, timedOut int) {
	for _, d := range ds {
		if d.Wait > 0 && !d.Rejected {
			waited++
		}
		if d.Reason == RejectTimeOut {
			timedOut++
		}
	}
	return waited, timedOut
}
