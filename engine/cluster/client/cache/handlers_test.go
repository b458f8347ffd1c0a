package cache_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

// TestHandlersRemoveAll: the handlers kept are told about changes until
// RemoveAll, and not after; one refused by a stopped informer is not kept.
func TestHandlersRemoveAll(t *testing.T) {
	e := newEnv(t)
	pods := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	pods.Run()
	stopped := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	stopped.Run()
	stopped.Stop()

	var hs cache.Handlers
	first, second, refused := &notes{loop: e.loop}, &notes{loop: e.loop}, &notes{loop: e.loop}
	hs.Add(pods, first)
	hs.Add(pods, second)
	hs.Add(stopped, refused)
	e.create("demo", "a")
	e.loop.RunFor(time.Second)
	diffLines(t, "first handler", first.take(), []string{"add demo/a"})
	diffLines(t, "second handler", second.take(), []string{"add demo/a"})

	hs.RemoveAll()
	e.create("demo", "b")
	e.loop.RunFor(time.Second)
	if got := append(first.take(), second.take()...); len(got) != 0 {
		t.Errorf("removed handlers were told %q", got)
	}
	if got := refused.take(); len(got) != 0 {
		t.Errorf("the stopped informer's handler was told %q", got)
	}
	hs.RemoveAll() // nothing kept: a second stop removes nothing
}
