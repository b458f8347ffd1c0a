package cache_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/internal/fakeapi"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestWatchFailures: what the reflector does after a WATCH fails, by
// cause (reflector.go, watch and isWatchErrorRetriable).
func TestWatchFailures(t *testing.T) {
	tests := []struct {
		name  string
		fault *api.Status
		want  []string
	}{
		{"429 backs off and watches again", api.NewTooManyRequests(1),
			[]string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2", "0.800s WATCH rv=2"}},
		{"403 backs off and lists again", api.NewForbidden(api.GroupResource{Resource: "pods"}, "", "no"),
			[]string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2", "0.800s LIST rv=2", "0.800s WATCH rv=2"}},
		{"500 backs off and lists again", api.NewInternalError("etcd"),
			[]string{"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2", "0.800s LIST rv=2", "0.800s WATCH rv=2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.create("demo", "a")
			e.srv.Inject(&fakeapi.Fault{Verb: "watch", Status: tt.fault, Times: 1})
			inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
			inf.Run()
			e.loop.RunFor(5 * time.Second)
			diffLines(t, "requests", e.log.lines(), tt.want)
		})
	}
}

// TestListFailureBacksOff: a failed LIST is retried with the growing
// backoff; HasSynced stays false until one succeeds.
func TestListFailureBacksOff(t *testing.T) {
	e := newEnv(t)
	e.srv.Inject(&fakeapi.Fault{Verb: "list", Status: api.NewServiceUnavailable("etcd is down"), Times: 3})
	inf := cache.NewSharedInformer(e.c, e.pods, cache.Filter{}, 0)
	var errs []string
	inf.SetWatchErrorHandler(func(err error) { errs = append(errs, err.Error()) })
	inf.Run()
	if inf.HasSynced() {
		t.Fatal("synced after a failed list")
	}
	e.loop.RunFor(10 * time.Second)
	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=500", "0.800s LIST rv=0 limit=500", "2.400s LIST rv=0 limit=500",
		"5.600s LIST rv=0 limit=500", "5.600s WATCH rv=1"})
	if !inf.HasSynced() {
		t.Error("not synced after a successful list")
	}
	if len(errs) != 3 || errs[0] != "failed to list *v1.Pod: etcd is down" {
		t.Errorf("errors = %q", errs)
	}
}

// recordingStore is a ReflectorStore that keeps what it is given.
type recordingStore struct {
	replaced [][]string
	rv       []string
}

func (s *recordingStore) Replace(items []*object.Object, rv string) {
	var keys []string
	for _, o := range items {
		keys = append(keys, o.Key())
	}
	s.replaced = append(s.replaced, keys)
	s.rv = append(s.rv, rv)
}
func (s *recordingStore) Add(*object.Object)    {}
func (s *recordingStore) Update(*object.Object) {}
func (s *recordingStore) Delete(*object.Object) {}
func (s *recordingStore) Resync()               {}

// TestPagedList: without a watch cache the server pages even a "0" list;
// the reflector follows the continue tokens (without a resourceVersion),
// remembers that the server pages, and keeps paging relists.
func TestPagedList(t *testing.T) {
	e := newEnv(t)
	e.srv.PageAll = true
	for i := range 1100 {
		e.create("demo", fmt.Sprintf("p%04d", i))
	}
	st := &recordingStore{}
	r := cache.NewReflector(&cache.ListWatch{Client: e.c, Kind: e.pods}, e.pods, st, e.c)
	r.Run()
	e.srv.DropWatches(nil) // very short: relist after the backoff
	e.loop.RunFor(2 * time.Second)
	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=500",
		"0.000s LIST rv= limit=500 continue",
		"0.000s LIST rv= limit=500 continue",
		"0.000s WATCH rv=1101",
		"0.800s LIST rv=1101 limit=500",
		"0.800s LIST rv= limit=500 continue",
		"0.800s LIST rv= limit=500 continue",
		"0.800s WATCH rv=1101",
	})
	if len(st.replaced) != 2 || len(st.replaced[0]) != 1100 || st.rv[0] != "1101" {
		t.Errorf("replaced %d lists, first of %d items at rv %v", len(st.replaced), len(st.replaced[0]), st.rv)
	}
}

// TestPagedListExpired: when a continue token expires mid-list the pager
// falls back to one full list at the requested resourceVersion.
func TestPagedListExpired(t *testing.T) {
	e := newEnv(t)
	e.srv.PageAll = true
	for i := range 3 {
		e.create("demo", fmt.Sprintf("p%d", i))
	}
	e.srv.Inject(&fakeapi.Fault{Verb: "list", Skip: 1, Times: 1, Status: api.NewResourceExpired("The provided continue parameter is too old")})
	st := &recordingStore{}
	r := cache.NewReflector(&cache.ListWatch{Client: e.c, Kind: e.pods}, e.pods, st, e.c)
	r.WatchListPageSize = 2
	r.Run()
	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=2",
		"0.000s LIST rv= limit=2 continue",
		"0.000s LIST rv=0",
		"0.000s WATCH rv=4",
	})
	if len(st.replaced) != 1 || len(st.replaced[0]) != 3 {
		t.Errorf("replaced %v", st.replaced)
	}
	r.Stop()
}
