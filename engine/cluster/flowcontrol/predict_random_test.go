package flowcontrol

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// manyFlowsRun drives a Controller with arrival sequences drawn from
// seed: bursts from many flows into one level, with idle spells between
// them so that the kept replay is let go and started again, its undo log
// trimmed and its queue buffers reused. With fresh, every prediction
// replays a fresh copy. It returns the decisions, the stats, and how
// far the kept replay's undo log and queue buffers grew (zero with
// fresh).
func manyFlowsRun(seed int64, fresh bool) (out []Decision, stats []LevelStats, blocks, buf int, untrimmed bool) {
	r := sim.NewRand(seed)
	c := New(Config{})
	for i := range c.levels {
		c.levels[i].qs.fresh = fresh
		c.levels[i].qs.verify = true
	}
	flows := []int{1, 4, 40, 300}[seed%4] + r.Intn(10)
	var who []*api.UserInfo
	var reqs []api.RequestInfo
	for i := range flows {
		name := fmt.Sprintf("node-%03d", i)
		who = append(who, node(name))
		reqs = append(reqs, res("get", "", "pods", "", "demo", name))
	}
	now := sim.Time(0)
	for range 4000 {
		switch k := r.Intn(1000); {
		case k < 1:
			now += sim.Time(time.Duration(5+r.Intn(20)) * time.Second) // the level drains
		case k < 300:
			now += sim.Time(time.Duration(r.Intn(400)) * time.Microsecond)
		}
		n := r.Intn(flows)
		cost := time.Duration(1+r.Intn(20)) * time.Millisecond
		if r.Intn(20) == 0 {
			cost = time.Duration(1+r.Intn(30)) * time.Second
		}
		out = append(out, c.Admit(now, who[n], reqs[n], cost))
		for i := range c.levels {
			if p := c.levels[i].qs.scratch; p != nil && p.kept != nil {
				had := len(p.kept.ops.blocks)
				blocks = max(blocks, had)
				if had > undoKeepBlocks && !c.levels[i].qs.shadowing {
					untrimmed = true
				}
				for _, b := range p.bufs {
					buf = max(buf, cap(b))
				}
			}
		}
	}
	return out, c.Stats(now + 100*sec), blocks, buf, untrimmed
}

// TestPredictKeptManyFlows checks over many seeded arrival sequences that
// the kept replay, with its block log, its reused queue buffers and its
// trimming, decides as a fresh replay does, decision by decision.
func TestPredictKeptManyFlows(t *testing.T) {
	var grewLog, grewBuf bool
	for seed := range int64(8) {
		d1, s1, _, _, _ := manyFlowsRun(seed, true)
		d2, s2, blocks, buf, untrimmed := manyFlowsRun(seed, false)
		for i := range d1 {
			if !reflect.DeepEqual(d1[i], d2[i]) {
				t.Fatalf("seed %d: decision %d differs:\nfresh %+v\nkept  %+v", seed, i, d1[i], d2[i])
			}
		}
		if !reflect.DeepEqual(s1, s2) {
			t.Fatalf("seed %d: stats differ:\nfresh %+v\nkept  %+v", seed, s1, s2)
		}
		if untrimmed {
			t.Fatalf("seed %d: a replay let go kept a long undo log", seed)
		}
		grewLog = grewLog || blocks > undoKeepBlocks
		grewBuf = grewBuf || buf >= 32
		var waited int
		for _, d := range d1 {
			if d.Wait > 0 && !d.Rejected {
				waited++
			}
		}
		if waited < 100 {
			t.Fatalf("seed %d: only %d requests queued", seed, waited)
		}
	}
	if !grewLog || !grewBuf {
		t.Fatalf("no run grew the undo log beyond its kept blocks (%v) or a queue buffer to 32 waiters (%v)", grewLog, grewBuf)
	}
}
