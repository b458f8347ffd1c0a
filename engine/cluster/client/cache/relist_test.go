package cache_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

// TestRelistAfterExpired: the informer loses its watch; while it cannot
// reach the server objects are deleted and created and history is
// compacted. On return its WATCH from the last resourceVersion gets 410
// Expired; it backs off, LISTs from that resourceVersion, and learns of
// the deletion only as a DeletedFinalStateUnknown.
func TestRelistAfterExpired(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "gone")
	e.create("demo", "kept")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	n := &notes{loop: e.loop}
	inf.AddEventHandler(n)
	var errs []string
	inf.SetWatchErrorHandler(func(err error) { errs = append(errs, err.Error()) })
	inf.Run()
	n.take()
	e.loop.RunFor(10 * time.Second)

	e.srv.SetDown(true)
	e.loop.RunFor(time.Second) // the informer retries and backs off
	e.whileDown(func() {
		e.delete("demo", "gone")
		e.create("demo", "new")
		if err := e.srv.Compact(); err != nil {
			t.Fatal(err)
		}
	})
	e.srv.SetDown(false)
	e.loop.RunFor(time.Minute)

	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=500",
		"0.000s WATCH rv=3",
		"10.000s WATCH rv=3", // the stream ended: watch again at once (refused)
		"10.800s WATCH rv=3", // backoff 800ms (refused)
		"12.400s WATCH rv=3", // backoff 1.6s: 410 Expired
		"15.600s LIST rv=3",  // backoff 3.2s, then LIST from the last rv, unpaged
		"15.600s WATCH rv=5",
	})
	diffLines(t, "notifications", n.take(), []string{
		// The relist updates what it lists, and the handler has never been
		// told to stop syncing, so even the unchanged object is delivered.
		"resync demo/kept @15.600s",
		"add demo/new",
		"delete demo/gone (tombstone)",
	})
	e.checkCache(inf, "")
	if len(errs) == 0 || errs[len(errs)-1] != "too old resource version: 3 (5)" {
		t.Errorf("watch errors = %q", errs)
	}
}

// TestReconnectAfterLostConnection: a dropped watch is reopened at once
// from the last resourceVersion, without a LIST, and misses nothing.
func TestReconnectAfterLostConnection(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	n := &notes{loop: e.loop}
	inf.AddEventHandler(n)
	inf.Run()
	n.take()
	e.loop.RunFor(30 * time.Second)
	e.srv.DropWatches(nil)
	e.create("demo", "b") // written before the watch is back
	e.loop.RunFor(time.Second)
	diffLines(t, "requests", e.log.lines(), []string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2", "30.000s WATCH rv=2"})
	diffLines(t, "notifications", n.take(), []string{"add demo/b"})
	e.checkCache(inf, "")
}

// TestBackoffWhileServerDown: while no API server answers, the informer
// retries its WATCH with the reflector's backoff (800ms doubling to 30s;
// exact here, without jitter), and resumes without a LIST.
func TestBackoffWhileServerDown(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	inf.Run()
	e.loop.RunFor(10 * time.Second)
	e.srv.SetDown(true)
	e.loop.RunFor(115 * time.Second) // until 2m05s
	e.srv.SetDown(false)
	e.loop.RunFor(time.Minute)
	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=500",
		"0.000s WATCH rv=2",
		"10.000s WATCH rv=2",
		"10.800s WATCH rv=2",
		"12.400s WATCH rv=2",
		"15.600s WATCH rv=2",
		"22.000s WATCH rv=2",
		"34.800s WATCH rv=2",
		"1m00.400s WATCH rv=2",
		"1m30.400s WATCH rv=2",
		"2m00.400s WATCH rv=2",
		"2m30.400s WATCH rv=2", // the server is back: the watch holds
	})
}

// TestVeryShortWatch: a watch that the server closes within a second
// without an event is an error: back off, then LIST again.
func TestVeryShortWatch(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	var errs []string
	inf.SetWatchErrorHandler(func(err error) { errs = append(errs, err.Error()) })
	inf.Run()
	e.srv.DropWatches(nil)
	e.loop.RunFor(2 * time.Second)
	diffLines(t, "requests", e.log.lines(), []string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2", "0.800s LIST rv=2", "0.800s WATCH rv=2"})
	want := "very short watch: kube-controller-manager/pods: Unexpected watch close - watch lasted less than a second and no items received"
	if len(errs) != 1 || errs[0] != want {
		t.Errorf("errors = %q", errs)
	}
}
