package flowcontrol

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// describe renders everything of a replayed state that its future
// depends on: the tally, each queue with the waiters still in it, the
// events in the order they come, the finish tree and the non-empty bits.
// Pending is rendered as step reads it: a pending state whose next
// dispatch cannot be made is the one step leaves when it finds that out
// (and join takes either the same way: only a waiter that joins a queue
// the last dispatch emptied can make that dispatch possible, and it sets
// pending).
func describe(p *queueSet) string {
	var b strings.Builder
	p.flushFinish()
	tl := p.tally
	tl.pending = tl.pending && p.waiting > 0 && p.seatsInUse < p.limit &&
		p.canAccommodate(int(p.queues[p.pick()].peek().seats))
	fmt.Fprintf(&b, "%+v\n", tl)
	for i := range p.queues {
		q := &p.queues[i]
		fmt.Fprintf(&b, "q%d next=%d work=%d n=%d exec=%d seats=%d first=%d:", i, q.nextDispatchR, q.workSum, q.n, q.executing, q.seatsInUse, q.base+uint64(q.head))
		for _, w := range q.waiting[q.head:] {
			fmt.Fprintf(&b, " %+v", w)
		}
		b.WriteByte('\n')
	}
	var evs events
	evs.copyFrom(&p.events)
	for evs.len() > 0 {
		fmt.Fprintf(&b, "%+v\n", evs.pop())
	}
	fmt.Fprintf(&b, "%v %v\n", p.finish.v, p.nonEmpty)
	return b.String()
}

// loadedLevel returns a level after a burst from the given flows (two
// of them send wide lists), with the requests it queued.
func loadedLevel(t *testing.T, flows, burst int) *queueSet {
	c := New(Config{ObjectCount: func(api.GroupResource) (int64, bool) { return 450, true }})
	var l *levelState
	for i := range c.levels {
		if c.levels[i].Name == "global-default" {
			l = &c.levels[i]
		}
	}
	for i := range burst {
		info := res("get", "", "pods", "", "demo", "web")
		if i%7 == 0 {
			info = listPods
		}
		cost := time.Duration(1+i%5) * 100 * time.Millisecond
		c.Admit(sim.Time(i)*sim.Time(time.Millisecond), user(fmt.Sprintf("u%d", i%flows)), info, cost)
	}
	if l.qs.waiting == 0 {
		t.Fatal("the burst queued nothing")
	}
	return &l.qs
}

// TestKeptRunUndo replays loaded levels step by step, taking waiters in
// along the way, and then undoes the log: every state it goes back to
// must be the state the replay was in there, and taking the same steps
// again must give the same states.
func TestKeptRunUndo(t *testing.T) {
	for _, tc := range []struct {
		name         string
		flows, burst int
		joinEvery    int // take a waiter in every so many steps; 0: none
	}{
		{"one flow", 1, 300, 0},
		{"one flow, joins", 1, 300, 5},
		{"many flows, joins", 40, 300, 3},
		{"many flows, joins often", 40, 300, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			qs := loadedLevel(t, tc.flows, tc.burst)
			p := qs.startKept()
			k := p.kept
			var states []uint64 // hashes of describe
			hash := func() uint64 {
				h := fnv.New64a()
				h.Write([]byte(describe(p)))
				return h.Sum64()
			}
			at := func() { states = append(states, hash()) }
			at()
			joins := 0
			for i := 0; i < 800 && p.step(qs.now.Add(time.Hour)); i++ {
				at()
				if tc.joinEvery > 0 && i%tc.joinEvery == 0 {
					for qi := range p.queues {
						w := waiter{job: job{id: uint64(1e6 + i), seats: 1, initialSeats: 1, service: time.Millisecond, totalWork: int64(estimatedServiceDuration)}}
						if p.queues[qi].n > 0 || p.lastEmptied == qi {
							if !p.join(qi, &w) {
								t.Fatalf("step %d: queue %d took no waiter", i, qi)
							}
							joins++
							at()
							break
						}
					}
				}
			}
			if k.ops.end != len(states)-1 {
				t.Fatalf("%d entries logged for %d changes", k.ops.end, len(states)-1)
			}
			if tc.joinEvery > 0 && joins == 0 {
				t.Fatal("no waiter was taken in")
			}
			k.undone = k.undone[:0]
			for i := len(states) - 2; i >= 0; i-- {
				k.undoLast(p)
				if hash() != states[i] {
					t.Fatalf("undoing change %d of %d: the state differs from the one the replay was in; now\n%.3000s", i+1, len(states)-1, describe(p))
				}
			}
			if len(k.undone) != joins {
				t.Fatalf("%d waiters undone, %d taken in", len(k.undone), joins)
			}
		})
	}
}
