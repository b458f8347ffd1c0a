package apiserver

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const cmPath = "/api/v1/namespaces/demo/configmaps"

// cmBody is the body of ConfigMap name with one key, k: value. It is
// built as one literal (what obj builds, without the map obj copies the
// content from): the write benchmarks build one per write.
func cmBody(name, value string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": name},
		"data": map[string]any{"k": value}}
}

func (h *harness) watch(opts api.ListOptions) (*recorder, *api.Response) {
	rec := &recorder{}
	opts.Watch = true
	resp := h.req(&api.Request{From: "alice", Method: "GET", Path: cmPath, List: opts}, rec)
	return rec, resp
}

func TestWatchInitialEvents(t *testing.T) {
	tests := []struct {
		name string
		opts func(rv string) api.ListOptions
		want []string
	}{
		{"no resourceVersion: synthetic ADDED, then changes",
			func(string) api.ListOptions { return api.ListOptions{} },
			[]string{"ADDED a@RV1", "ADDED b@RV2", "MODIFIED a@RV3"}},
		{"resourceVersion 0: synthetic ADDED, then changes",
			func(string) api.ListOptions { return api.ListOptions{ResourceVersion: "0"} },
			[]string{"ADDED a@RV1", "ADDED b@RV2", "MODIFIED a@RV3"}},
		{"exact resourceVersion: only later changes",
			func(rv string) api.ListOptions { return api.ListOptions{ResourceVersion: rv} },
			[]string{"MODIFIED a@RV3"}},
		{"sendInitialEvents: initial state, then the initial-events-end bookmark",
			func(string) api.ListOptions {
				yes := true
				return api.ListOptions{SendInitialEvents: &yes, AllowWatchBookmarks: true, ResourceVersionMatch: ""}
			},
			[]string{"ADDED a@RV1", "ADDED b@RV2", "BOOKMARK @RV2", "MODIFIED a@RV3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			rv1 := h.must(h.do("alice", "POST", cmPath, cmBody("a", "1"))).Object.Meta.ResourceVersion
			rv2 := h.must(h.do("alice", "POST", cmPath, cmBody("b", "1"))).Object.Meta.ResourceVersion
			rec, resp := h.watch(tt.opts(rv2))
			h.must(resp)
			if len(rec.events) != 0 {
				t.Fatalf("events before the loop ran: %v", rec.types())
			}
			h.loop.RunFor(time.Second)
			body := cmBody("a", "2")
			rv3 := h.must(h.do("alice", "PUT", cmPath+"/a", body)).Object.Meta.ResourceVersion
			h.loop.RunFor(time.Second)
			var want []string
			for _, w := range tt.want {
				want = append(want, replaceAll(w, map[string]string{"RV1": rv1, "RV2": rv2, "RV3": rv3}))
			}
			if got := rec.types(); !slices.Equal(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
		})
	}
}

func replaceAll(s string, m map[string]string) string {
	for k, v := range m {
		for i := 0; i+len(k) <= len(s); i++ {
			if s[i:i+len(k)] == k {
				s = s[:i] + v + s[i+len(k):]
			}
		}
	}
	return s
}

// TestWatchExactlyOnceInOrder checks that every change reaches a watcher
// once, in revision order, after the delivery latency.
func TestWatchExactlyOnceInOrder(t *testing.T) {
	h := newHarness(t)
	rec, resp := h.watch(api.ListOptions{ResourceVersion: strconv.FormatInt(h.p.Store().Rev(), 10)})
	h.must(resp)
	var want []string
	rv := h.must(h.do("alice", "POST", cmPath, cmBody("a", "0"))).Object.Meta.ResourceVersion
	want = append(want, "ADDED a@"+rv)
	for i := 1; i <= 3; i++ {
		rv = h.must(h.do("alice", "PUT", cmPath+"/a", cmBody("a", fmt.Sprint(i)))).Object.Meta.ResourceVersion
		want = append(want, "MODIFIED a@"+rv)
		if i == 2 {
			h.loop.RunFor(3 * time.Millisecond) // less than the latency: nothing yet
			if len(rec.events) != 0 {
				t.Fatalf("delivered before the latency: %v", rec.types())
			}
		}
	}
	del := h.must(h.do("alice", "DELETE", cmPath+"/a", nil))
	_ = del
	want = append(want, "DELETED a@"+strconv.FormatInt(h.p.Store().Rev(), 10))
	h.loop.RunFor(time.Second)
	if got := rec.types(); !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	if n := h.countVerb(0, trace.Notify); n != len(want) {
		t.Errorf("%d NOTIFY events, want %d", n, len(want))
	}
}

func TestWatchSelectorLeavesAndEnters(t *testing.T) {
	h := newHarness(t)
	rec := &recorder{}
	h.must(h.req(&api.Request{From: "alice", Method: "GET", Path: "/api/v1/namespaces/demo/pods",
		List: api.ListOptions{Watch: true, LabelSelector: "app=web", ResourceVersion: strconv.FormatInt(h.p.Store().Rev(), 10)}}, rec))
	h.must(h.do("alice", "POST", "/api/v1/namespaces/demo/pods", podBody("p", map[string]any{"app": "web"})))
	patch := func(labels map[string]any) {
		h.must(h.req(&api.Request{From: "alice", Method: "PATCH", Path: "/api/v1/namespaces/demo/pods/p",
			PatchType: api.MergePatch, Patch: map[string]any{"metadata": map[string]any{"labels": labels}}}, nil))
	}
	patch(map[string]any{"app": "db"})  // leaves the selection: DELETED
	patch(map[string]any{"app": "web"}) // enters again: ADDED
	patch(map[string]any{"tier": "x"})  // stays: MODIFIED
	h.loop.RunFor(time.Second)
	var got []string
	for _, e := range rec.events {
		got = append(got, e.Type.String())
	}
	if want := []string{"ADDED", "DELETED", "ADDED", "MODIFIED"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestWatchBookmarksOnlyWhenAsked(t *testing.T) {
	h := newHarness(t)
	plain, _ := h.watch(api.ListOptions{TimeoutSeconds: 600})
	marked, _ := h.watch(api.ListOptions{AllowWatchBookmarks: true, TimeoutSeconds: 600})
	h.must(h.do("alice", "POST", cmPath, cmBody("a", "0")))
	h.loop.RunFor(150 * time.Second)
	count := func(r *recorder) int {
		n := 0
		for _, e := range r.events {
			if e.Type == trace.Bookmark {
				n++
			}
		}
		return n
	}
	if n := count(plain); n != 0 {
		t.Errorf("watch without allowWatchBookmarks got %d bookmarks", n)
	}
	if n := count(marked); n != 2 {
		t.Errorf("watch with allowWatchBookmarks got %d bookmarks in 150s, want 2 (one a minute)", n)
	}
	last := marked.events[len(marked.events)-1].Object
	if last.Meta.ResourceVersion != strconv.FormatInt(h.p.Store().Rev(), 10) || last.Kind != "ConfigMap" {
		t.Errorf("bookmark object %+v", last)
	}
}

func TestWatchTimeoutEndsStream(t *testing.T) {
	h := newHarness(t)
	rec, _ := h.watch(api.ListOptions{TimeoutSeconds: 30, AllowWatchBookmarks: true})
	h.loop.RunFor(29 * time.Second)
	if rec.ended {
		t.Fatal("ended before its timeout")
	}
	h.loop.RunFor(2 * time.Second)
	if !rec.ended || rec.err != nil {
		t.Fatalf("ended=%v err=%v, want a clean end at the timeout", rec.ended, rec.err)
	}
	// The last bookmark comes 2 s before the deadline.
	if n := len(rec.events); n != 1 || rec.events[0].Type != trace.Bookmark {
		t.Errorf("events %v", rec.types())
	}
}

// TestWatchTooOld: a watch from a revision the watch cache's history no
// longer holds opens, then gets one ERROR event with 410 Expired, then
// ends, as the cacher answers (watch_cache_history.go).
func TestWatchTooOld(t *testing.T) {
	h := newHarness(t)
	first := h.must(h.do("alice", "POST", cmPath, cmBody("a", "0"))).Object.Meta.ResourceVersion
	for i := 1; i <= 300; i++ { // one write a second: the history keeps about 100
		h.loop.RunFor(time.Second)
		h.must(h.do("alice", "PUT", cmPath+"/a", cmBody("a", fmt.Sprint(i))))
	}
	c, _ := h.p.Servers()[0].cacheFor(h.kind("", "configmaps"))
	if c.Capacity() != 100 || c.HistoryLen() != 100 {
		t.Fatalf("history %d of capacity %d, want 100 of 100", c.HistoryLen(), c.Capacity())
	}
	oldest := h.p.Store().Rev() - 99
	rec, resp := h.watch(api.ListOptions{ResourceVersion: first})
	if resp.Code != 200 {
		t.Fatalf("watch answered %d, want 200 with an ERROR event", resp.Code)
	}
	h.loop.RunFor(time.Second)
	want := fmt.Sprintf("ERROR too old resource version: %s (%d)", first, oldest-1)
	if got := rec.types(); len(got) != 1 || got[0] != want {
		t.Fatalf("got %v, want [%s]", got, want)
	}
	if rec.events[0].Status.Code != 410 || rec.events[0].Status.Reason != api.ReasonExpired || !rec.ended {
		t.Errorf("status %+v ended=%v", rec.events[0].Status, rec.ended)
	}
	// One revision newer than the oldest kept minus one still works.
	rec2, _ := h.watch(api.ListOptions{ResourceVersion: strconv.FormatInt(oldest-1, 10)})
	h.loop.RunFor(time.Second)
	if len(rec2.events) != 100 || rec2.ended {
		t.Errorf("watch from the edge of the history: %d events, ended=%v", len(rec2.events), rec2.ended)
	}
}

func TestWatchEndsWhenReplicaStops(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Replicas = 2 })
	rec, _ := h.watch(api.ListOptions{})
	h.loop.RunFor(time.Second)
	served := h.p.Servers()[h.p.Endpoint().assigned["alice"]]
	if served.caches[cacheKey{"", "configmaps"}].c.Watchers() != 1 {
		t.Fatalf("the watch is not on %s", served.name)
	}
	if err := h.p.Kill(served.name); err != nil {
		t.Fatal(err)
	}
	h.loop.RunFor(time.Second)
	if st, ok := rec.err.(*api.Status); !rec.ended || !ok || st.Code != 0 {
		t.Fatalf("ended=%v err=%v", rec.ended, rec.err)
	}
	// The client's next request goes to the other replica.
	from := h.p.Trace().Len()
	h.must(h.do("alice", "GET", cmPath, nil))
	if got := h.p.Trace().At(from).To; got == served.name || got == "" {
		t.Errorf("request went to %s, which is down", got)
	}
}
