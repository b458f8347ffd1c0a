package cache_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

// TestResync: a handler that asks for a resync gets every cached object
// again, as an update of itself, at its period; one that did not ask gets
// nothing. An informer created without a resync period supports none, and
// a handler added after Run cannot resync more often than the informer
// checks (shared_informer.go).
func TestResync(t *testing.T) {
	tests := []struct {
		name           string
		informerResync time.Duration
		handlerResync  time.Duration
		addAfterRun    bool
		want           []string
	}{
		{"handler period before Run", time.Minute, 30 * time.Second, false,
			[]string{"resync demo/a @30.000s", "resync demo/a @1m00.000s", "resync demo/a @1m30.000s"}},
		{"informer without resync", 0, 30 * time.Second, false, nil},
		{"handler period after Run is raised to the informer's", time.Minute, 30 * time.Second, true,
			[]string{"add demo/a (initial)", "resync demo/a @1m00.000s"}},
		{"short period raised to 1s", time.Minute, time.Millisecond, false,
			[]string{"resync demo/a @1.000s", "resync demo/a @2.000s", "resync demo/a @3.000s"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.create("demo", "a")
			inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, tt.informerResync)
			resyncing := &notes{loop: e.loop}
			never := &notes{loop: e.loop}
			inf.AddEventHandlerWithResyncPeriod(never, 0)
			if !tt.addAfterRun {
				inf.AddEventHandlerWithResyncPeriod(resyncing, tt.handlerResync)
			}
			inf.Run()
			if tt.addAfterRun {
				inf.AddEventHandlerWithResyncPeriod(resyncing, tt.handlerResync)
			} else {
				resyncing.take()
			}
			never.take()
			until := 95 * time.Second
			if tt.handlerResync < time.Second {
				until = 3500 * time.Millisecond
			}
			e.loop.RunFor(until)
			diffLines(t, "resyncing handler", resyncing.take(), tt.want)
			diffLines(t, "other handler", never.take(), nil)
		})
	}
}
