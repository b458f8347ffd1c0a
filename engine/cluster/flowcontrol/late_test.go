package flowcontrol

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// noisyBurstRun drives a Controller with bursts drawn from seed, as the
// noisy client of `overload api` sends them: hundreds of requests from
// a few flows at one instant, most of them short (under the service
// time dispatch charges, so that a queue's finish moves its next
// dispatch R back), some long enough to time out, some lists wide
// enough for several seats. With fresh, every prediction replays a
// fresh copy. It returns the decisions, the stats, and how many waiters
// the kept replay took in late (see joinLate).
func noisyBurstRun(seed int64, fresh bool) (out []Decision, stats []LevelStats, late int) {
	r := sim.NewRand(seed)
	c := New(Config{ObjectCount: func(api.GroupResource) (int64, bool) { return int64(r.Intn(400)), true }})
	for i := range c.levels {
		c.levels[i].qs.fresh = fresh
		c.levels[i].qs.verify = true
	}
	flows := 1 + r.Intn(3)
	var who []*api.UserInfo
	for i := range flows {
		who = append(who, user(fmt.Sprintf("noisy-%d", i)))
	}
	version := path("get", "/version")
	now := sim.Time(0)
	for range 12 {
		now += sim.Time(time.Duration(r.Intn(5000)) * time.Millisecond)
		for range 200 + r.Intn(600) {
			if r.Intn(50) == 0 {
				now += sim.Time(time.Duration(r.Intn(3000)) * time.Microsecond)
			}
			info := version
			if r.Intn(10) == 0 {
				info = listPods
			}
			cost := time.Duration(100+r.Intn(4000)) * time.Microsecond
			switch r.Intn(40) {
			case 0:
				cost = time.Duration(1+r.Intn(20)) * time.Second
			case 1:
				cost = 0
			}
			out = append(out, c.Admit(now, who[r.Intn(flows)], info, cost))
		}
	}
	for i := range c.levels {
		if p := c.levels[i].qs.scratch; p != nil && p.kept != nil {
			late += p.kept.late
		}
	}
	return out, c.Stats(now + 100*sec), late
}

// TestPredictJoinsLate checks over seeded bursts that the kept replay,
// taking waiters in without going back where that changes nothing,
// decides as a fresh replay does, decision by decision, and that it does
// take waiters in so.
func TestPredictJoinsLate(t *testing.T) {
	var late int
	for seed := range int64(6) {
		d1, s1, _ := noisyBurstRun(seed, true)
		d2, s2, n := noisyBurstRun(seed, false)
		sameRun(t, seed, d1, d2, s1, s2)
		waited, timedOut := waits(d1)
		t.Logf("seed %d: %d decisions, %d waited, %d timed out, %d joined late", seed, len(d1), waited, timedOut, n)
		if waited < 100 {
			t.Fatalf("seed %d: only %d requests queued", seed, waited)
		}
		late += n
	}
	if late < 500 {
		t.Fatalf("only %d waiters joined late", late)
	}
}
