package apiserver

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// TestCacheForLastCache checks cacheFor's memo of the cache it found last
// against the server's map of caches, through runs of one kind, kinds in
// turn, a dropped cache and a replica stopped and started again.
func TestCacheForLastCache(t *testing.T) {
	h := newHarness(t)
	s := h.p.Servers()[0]
	kinds := []*object.KindInfo{h.kind("", "configmaps"), h.kind("", "configmaps"), h.kind("", "secrets"),
		h.kind("", "configmaps"), h.kind("apps", "deployments"), h.kind("apps", "deployments")}
	check := func(when string, kinds ...*object.KindInfo) {
		t.Helper()
		for i, k := range kinds {
			got, st := s.cacheFor(k)
			want := s.caches[cacheKey{k.Group, k.Resource}]
			switch {
			case want == nil || !want.ready:
				if st == nil {
					t.Errorf("%s: kinds[%d] has no ready cache, cacheFor answered %v", when, i, got)
				}
			case st != nil || got != want.c:
				t.Errorf("%s: cacheFor(kinds[%d]) = %p, %v; want %p", when, i, got, st, want.c)
			}
		}
	}
	secrets, deployments := kinds[2], kinds[5]
	check("at start", append(kinds, secrets)...)
	s.dropCache("", "secrets", nil)
	if s.caches[cacheKey{"", "secrets"}] != nil {
		t.Fatal("the secrets cache is not dropped")
	}
	check("after a drop", append([]*object.KindInfo{secrets}, kinds...)...) // cacheFor adds it again
	s.stop()
	if len(s.caches) != 0 {
		t.Fatal("a stopped replica keeps caches")
	}
	s.start()
	check("after a restart", append([]*object.KindInfo{deployments}, kinds...)...)
}
