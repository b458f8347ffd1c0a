package cache_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

func TestInformerListThenWatch(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	e.create("demo", "b")
	e.create("other", "c")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	n := &notes{loop: e.loop}
	if _, err := inf.AddEventHandler(n); err != nil {
		t.Fatal(err)
	}
	if inf.HasSynced() {
		t.Fatal("synced before Run")
	}
	inf.Run()
	if !inf.HasSynced() {
		t.Fatal("not synced after the first list")
	}
	diffLines(t, "initial notifications", n.take(), []string{"add demo/a (initial)", "add demo/b (initial)", "add other/c (initial)"})
	// client-go's first LIST asks the watch cache (rv=0) in pages of
	// 500; the WATCH starts at the list's resourceVersion, with bookmarks
	// and a 5-minute timeout (no jitter without a Rand).
	diffLines(t, "requests", e.log.lines(), []string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=4"})
	w := e.log.reqs[1].req.List
	if !w.AllowWatchBookmarks || w.TimeoutSeconds != 300 {
		t.Errorf("watch options = %+v", w)
	}

	e.loop.RunFor(time.Second)
	e.create("demo", "d")
	e.patch("demo", "a", map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "web"}}})
	e.delete("demo", "b")
	e.loop.RunFor(time.Second)
	diffLines(t, "watch notifications", n.take(), []string{"add demo/d", "update demo/a", "delete demo/b"})
	e.checkCache(inf, "")
	if got := inf.LastSyncResourceVersion(); got != "7" {
		t.Errorf("LastSyncResourceVersion = %q, want 7", got)
	}
	if len(e.log.reqs) != 2 {
		t.Errorf("extra requests: %q", e.log.lines())
	}
}

func TestBookmarkMovesResourceVersion(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{Namespace: "demo"}, 0)
	inf.Run()
	e.create("other", "x")
	e.create("other", "y")
	e.loop.RunFor(time.Second)
	if got := inf.LastSyncResourceVersion(); got != "2" {
		t.Fatalf("before the bookmark: %q", got)
	}
	e.srv.Bookmark()
	e.loop.RunFor(time.Second)
	if got := inf.LastSyncResourceVersion(); got != "4" {
		t.Errorf("after the bookmark: %q, want 4", got)
	}
	if inf.Indexer().Len() != 1 {
		t.Errorf("a bookmark changed the cache: %d objects", inf.Indexer().Len())
	}
}

// TestFilteredInformer is the kubelet's view: Pods with
// spec.nodeName=worker-a. A Pod enters the view when it is bound and
// leaves it when it stops matching.
func TestFilteredInformer(t *testing.T) {
	e := newEnv(t)
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{FieldSelector: "spec.nodeName=worker-a", LabelSelector: "app=web"}, 0)
	n := &notes{loop: e.loop}
	inf.AddEventHandler(n)
	inf.Run()
	e.create("demo", "p")
	e.patch("demo", "p", map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "web"}}})
	e.patch("demo", "p", map[string]any{"spec": map[string]any{"nodeName": "worker-a"}})
	e.patch("demo", "p", map[string]any{"metadata": map[string]any{"annotations": map[string]any{"x": "y"}}})
	e.patch("demo", "p", map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "db"}}})
	e.loop.RunFor(time.Second)
	diffLines(t, "notifications", n.take(), []string{"add demo/p", "update demo/p", "delete demo/p"})
	if got := e.log.reqs[0].req.List; got.FieldSelector != "spec.nodeName=worker-a" || got.LabelSelector != "app=web" {
		t.Errorf("list options = %+v", got)
	}
	if inf.Indexer().Len() != 0 {
		t.Errorf("cache holds %d objects, want 0", inf.Indexer().Len())
	}
}

// TestLateHandler: a handler added to a running informer first gets the
// cache's content as initial adds.
func TestLateHandler(t *testing.T) {
	e := newEnv(t)
	e.create("demo", "a")
	e.create("demo", "b")
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	inf.Run()
	n := &notes{loop: e.loop}
	reg, err := inf.AddEventHandler(n)
	if err != nil || !reg.HasSynced() {
		t.Fatalf("registration: %v synced=%v", err, reg.HasSynced())
	}
	diffLines(t, "replay", n.take(), []string{"add demo/a (initial)", "add demo/b (initial)"})
	inf.RemoveEventHandler(reg)
	e.create("demo", "c")
	e.loop.RunFor(time.Second)
	if got := n.take(); len(got) != 0 {
		t.Errorf("removed handler was told %q", got)
	}
}

func TestInformerStop(t *testing.T) {
	e := newEnv(t)
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	n := &notes{loop: e.loop}
	inf.AddEventHandler(n)
	inf.Run()
	inf.Stop()
	e.create("demo", "a")
	e.loop.RunFor(time.Hour)
	if len(n.take()) != 0 || len(e.log.reqs) != 2 || e.srv.Watches() != 0 {
		t.Errorf("after Stop: requests %q, open watches %d", e.log.lines(), e.srv.Watches())
	}
	if _, err := inf.AddEventHandler(n); err == nil {
		t.Error("AddEventHandler on a stopped informer succeeded")
	}
}
