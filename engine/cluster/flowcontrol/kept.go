package flowcontrol

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// snapshotEvery is how many replayed steps a kept replay goes between
// snapshots: a snapshot costs about as much as a few dozen steps, and an
// arrival that cannot join the replay's latest state replays on average
// half this many steps again from the snapshot before the point it joins.
const snapshotEvery = 64

// maxSnapshots bounds the snapshots a level keeps (see keptRun.thin).
// A burst from many flows (a large cluster's kubelets starting their
// Pods together) replays thousands of steps, and most of its arrivals
// join a snapshot rather than the replay's latest state: with 16 the
// spacing had doubled to hundreds of steps, replayed again on each
// restore. 64 keeps them 64 steps apart in replays of up to 4,096
// steps, and 128 up to 8,192 (BenchmarkBurstManyFlows: 658 to 506
// million instructions a burst; the 3,000-Pod scale run replays 4.0
// million steps instead of 6.5 million), for at most 64 copies of a
// level's queues.
const maxSnapshots = 64

// keptRun is what a level keeps of its predictions' replay (the scratch
// set) between arrivals: snapshots of earlier states along it, later than
// the level's present, and the arrivals the replay took in since the
// oldest snapshot.
//
// A snapshot lacks the arrivals taken in after it, but each of them could
// join it too, behind waiters of its queue: an arrival joins a state
// where its queue holds waiters or was just emptied, and a queue loses
// waiters only by steps, so in every earlier state past the arrival the
// queue held waiters. (An arrival joining a state not past it joins no
// snapshot: every snapshot then was not past it either, and is forgotten
// by the next arrival.) Restoring a snapshot and taking the arrivals in
// again thus gives a state of the same future, which the new arrival may
// join where the replay's latest state has gone beyond its queue.
//
// Time-outs are not logged: mirroring one drops the snapshots.
type keptRun struct {
	snaps    []snapshot // snaps[:n] in replay order; the rest are buffers
	n        int
	log      []arrival // arrivals taken in; a snapshot lacks log[its logLen:]
	since    int       // steps since the last snapshot or restore
	every    int       // steps between snapshots: snapshotEvery, doubled by thin
	perQueue []int32   // mostIntoOneQueue's counts, all zero between calls
}

// snapshot is a copy of the replay after one of its steps.
type snapshot struct {
	state  *queueSet
	logLen int
}

// arrival is a waiter the replay took into queue qi.
type arrival struct {
	w  waiter
	qi int32
}

// reset forgets everything: the replay starts over.
func (k *keptRun) reset() {
	k.n, k.log, k.since, k.every = 0, k.log[:0], 0, snapshotEvery
}

// thin drops every other snapshot, the oldest kept, and doubles the
// spacing of the next ones, so that a long replay keeps at most
// maxSnapshots copies of the level's state.
func (k *keptRun) thin() {
	n := 0
	for i := 0; i < k.n; i += 2 {
		k.snaps[n], k.snaps[i] = k.snaps[i], k.snaps[n]
		n++
	}
	k.n, k.every = n, 2*k.every
}

// logArrival records that the replay took w into queue qi, if a snapshot
// lacks it.
func (k *keptRun) logArrival(qi int, w *waiter) {
	if k.n > 0 {
		k.log = append(k.log, arrival{w: *w, qi: int32(qi)})
	}
}

// stepped takes a snapshot of p, which has just taken a step, every
// snapshotEvery steps when that step is later than now: no arrival can
// join an earlier one.
func (k *keptRun) stepped(p *queueSet, now sim.Time) {
	if k.since++; k.since >= k.every && p.lastAt > now {
		k.take(p)
	}
}

// beforeDeadline takes a snapshot of p, later than now, when its next
// step handles an event due at deadline, the time-out the level would
// schedule if the prediction fails: a time-out that the replay has gone
// past can go back to it (see rewind).
func (k *keptRun) beforeDeadline(p *queueSet, deadline, now sim.Time) {
	if k.since > 0 && !p.pending && p.events.len() > 0 && p.events.peek().at == deadline && p.lastAt > now {
		k.take(p)
	}
}

// take adds a snapshot of p.
func (k *keptRun) take(p *queueSet) {
	k.since = 0
	if k.n == maxSnapshots {
		k.thin()
	}
	if k.n == len(k.snaps) {
		k.snaps = append(k.snaps, snapshot{state: &queueSet{}})
	}
	s := &k.snaps[k.n]
	s.state.copyFrom(p, 0) // never joined: a restore copies it again
	s.logLen = len(k.log)
	k.n++
}

// forget drops the snapshots not later than now: an arrival at now or
// after joins none of them. Their buffers go to the end for reuse.
func (k *keptRun) forget(now sim.Time) {
	i := 0
	for i < k.n && k.snaps[i].state.lastAt <= now {
		i++
	}
	if i == 0 {
		return
	}
	k.n -= i
	if k.n == 0 {
		k.log = k.log[:0]
	}
	slices.Reverse(k.snaps[:i])
	slices.Reverse(k.snaps[i:])
	slices.Reverse(k.snaps)
	if k.n > 0 {
		drop := k.snaps[0].logLen
		k.log = append(k.log[:0], k.log[drop:]...)
		for j := range k.n {
			k.snaps[j].logLen -= drop
		}
	}
}

// restore makes p the latest snapshot that waiter w, number num of queue
// qi, can join, with the arrivals it lacks and then w taken in; it drops
// the snapshots after it, which w cannot join. It reports false if there
// is none (p is then left to be copied afresh).
func (k *keptRun) restore(p *queueSet, qi int, num uint64, w *waiter) bool {
	var later uint64 // logged arrivals into qi that the snapshot lacks
	j := len(k.log)
	for i := k.n - 1; i >= 0; i-- {
		s := &k.snaps[i]
		for ; j > s.logLen; j-- {
			if k.log[j-1].qi == int32(qi) {
				later++
			}
		}
		q := &s.state.queues[qi]
		if q.base+uint64(len(q.waiting))+later != num {
			return false
		}
		if later == 0 && q.n == 0 && s.state.lastEmptied != qi {
			continue // emptied before: w would have changed what came after
		}
		if !k.back(p, i) || !p.join(qi, *w) {
			return false
		}
		k.log = append(k.log, arrival{w: *w, qi: int32(qi)})
		return true
	}
	return false
}

// rewind makes p the latest snapshot that has not handled an event after
// e, scheduled at now, with the arrivals it lacks taken in, and reports
// whether there was one.
func (k *keptRun) rewind(p *queueSet, e event, now sim.Time) bool {
	for i := k.n - 1; i >= 0; i-- {
		if !k.snaps[i].state.passed(e, now) {
			return k.back(p, i)
		}
	}
	return false
}

// back makes p snapshot i with the logged arrivals it lacks taken in, and
// drops the snapshots after it. It reports false if an arrival could not
// join, which keptRun's argument rules out.
func (k *keptRun) back(p *queueSet, i int) bool {
	s := &k.snaps[i]
	lacks := k.log[s.logLen:]
	p.copyFrom(s.state, roomToJoin+k.mostIntoOneQueue(lacks, len(s.state.queues)))
	for _, a := range lacks {
		if !p.join(int(a.qi), a.w) {
			return false
		}
	}
	k.n, k.since = i+1, 0
	return true
}

// mostIntoOneQueue returns the most arrivals of log that go into one
// queue of the n, so that a restored state has room for them.
func (k *keptRun) mostIntoOneQueue(log []arrival, n int) int {
	if len(k.perQueue) < n {
		k.perQueue = make([]int32, n)
	}
	most := int32(0)
	for _, a := range log {
		k.perQueue[a.qi]++
		most = max(most, k.perQueue[a.qi])
	}
	for _, a := range log {
		k.perQueue[a.qi] = 0
	}
	return int(most)
}
