package workqueue_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// TestWorkersStartWhenSynced: the workers start at the first cache check
// that finds the informers synced, then started runs; keys queued before
// are reconciled then.
func TestWorkersStartWhenSynced(t *testing.T) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	q.Add("a")
	syncedAt := 250 * time.Millisecond
	var reconciledAt, startedAt sim.Time
	var w workqueue.Workers
	w.StartWhenSynced(loop, func() bool { return loop.Now().Duration() >= syncedAt }, q, 1,
		func(string) error { reconciledAt = loop.Now(); return nil }, workqueue.Options{},
		func() { startedAt = loop.Now() })
	loop.RunFor(time.Second)
	want := 3 * cache.SyncedPollPeriod // the first check at or after 250 ms
	if startedAt.Duration() != want || reconciledAt.Duration() != want {
		t.Errorf("started at %s, reconciled at %s; want both at %s", startedAt, reconciledAt, want)
	}
	w.Stop()
	if !q.ShuttingDown() {
		t.Error("stopping the workers left their queue running")
	}
	w.Stop() // stopping again does nothing
}

// TestWorkersStopBeforeSynced: workers stopped while they wait for the
// caches never start.
func TestWorkersStopBeforeSynced(t *testing.T) {
	loop := sim.NewLoop()
	q := workqueue.New(loop, nil)
	q.Add("a")
	synced, runs := false, 0
	var w workqueue.Workers
	w.StartWhenSynced(loop, func() bool { return synced }, q, 1, func(string) error { runs++; return nil }, workqueue.Options{}, nil)
	loop.RunFor(time.Second)
	w.Stop()
	synced = true
	loop.RunFor(time.Second)
	if runs != 0 {
		t.Errorf("reconciled %d keys after the workers stopped", runs)
	}
	var never workqueue.Workers
	never.Stop() // Workers never started stop as a no-op
}
