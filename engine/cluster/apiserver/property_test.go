package apiserver

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// reflector is a minimal informer: it lists, watches from the list's
// revision, and on the end of its watch resumes from the last revision it
// saw, or lists again after 410 Expired. Its view must end equal to the
// store.
type reflector struct {
	h        *harness
	name     trace.Actor
	path     string
	selector string
	view     map[string]string // name → resourceVersion
	lastRV   string
	ended    bool
	expired  bool
	w        api.Watch
}

func (r *reflector) OnEvent(e api.WatchEvent) {
	switch e.Type {
	case trace.Added, trace.Modified:
		r.view[e.Object.Meta.Name] = e.Object.Meta.ResourceVersion
	case trace.Deleted:
		delete(r.view, e.Object.Meta.Name)
	case trace.Error:
		r.expired = e.Status != nil && e.Status.Code == 410
		return
	}
	r.lastRV = e.Object.Meta.ResourceVersion
}

func (r *reflector) Ended(error) { r.ended = true }

// sync (re)establishes the reflector's list and watch as needed.
func (r *reflector) sync() {
	if r.w != nil && !r.ended {
		return
	}
	if r.w == nil || r.expired {
		resp := r.h.req(&api.Request{From: r.name, Token: "admin", Method: "GET", Path: r.path,
			List: api.ListOptions{LabelSelector: r.selector, ResourceVersion: "0"}}, nil)
		if !resp.OK() {
			return
		}
		r.view = map[string]string{}
		for _, o := range resp.Items {
			r.view[o.Meta.Name] = o.Meta.ResourceVersion
		}
		r.lastRV = resp.ListMeta.ResourceVersion
	}
	r.ended, r.expired = false, false
	resp := r.h.req(&api.Request{From: r.name, Token: "admin", Method: "GET", Path: r.path,
		List: api.ListOptions{Watch: true, LabelSelector: r.selector, ResourceVersion: r.lastRV, AllowWatchBookmarks: true}}, r)
	if resp.OK() {
		r.w = resp.Watch
	} else {
		r.ended = true
	}
}

// runProperty runs a seeded random sequence of writes, faults and waits
// against two replicas and checks the invariants after each step; it
// returns the trace as JSON.
func runProperty(t *testing.T, seed int64, steps int) []byte {
	t.Helper()
	h := newHarness(t, func(c *Config) { c.Replicas = 2; c.Rand = sim.NewRand(seed) })
	rnd := sim.NewRand(seed + 1)
	refl := []*reflector{
		{h: h, name: "informer-all", path: cmPath},
		{h: h, name: "informer-sel", path: cmPath, selector: "team=a"},
		{h: h, name: "informer-all-2", path: cmPath},
	}
	acked := map[string]string{} // name → resourceVersion of the last acknowledged write; "" deleted
	lastRev := h.p.Store().Rev()
	for step := 0; step < steps; step++ {
		for _, r := range refl {
			r.sync()
		}
		name := fmt.Sprintf("cm-%d", rnd.Intn(8))
		labels := map[string]any{"team": []string{"a", "b"}[rnd.Intn(2)]}
		switch op := rnd.Intn(10); {
		case op < 3:
			b := cmBody(name, strconv.Itoa(step))
			b["metadata"].(map[string]any)["labels"] = labels
			if resp := h.do("alice", "POST", cmPath, b); resp.OK() {
				acked[name] = resp.Object.Meta.ResourceVersion
			}
		case op < 5:
			if resp := h.req(&api.Request{From: "alice", Method: "PATCH", Path: cmPath + "/" + name, PatchType: api.MergePatch,
				Patch: map[string]any{"metadata": map[string]any{"labels": labels}, "data": map[string]any{"k": strconv.Itoa(step)}}}, nil); resp.OK() {
				acked[name] = resp.Object.Meta.ResourceVersion
			}
		case op < 7:
			if resp := h.do("alice", "DELETE", cmPath+"/"+name, nil); resp.OK() {
				acked[name] = ""
			}
		case op < 8:
			h.loop.RunFor(time.Duration(rnd.Intn(200)) * time.Second)
		default:
			switch rnd.Intn(4) {
			case 0:
				h.p.Kill(ReplicaName(rnd.Intn(2)))
			case 1:
				h.p.StartAll()
			case 2:
				h.p.SetStoreAvailable(false)
			default:
				h.p.SetStoreAvailable(true)
			}
		}
		if rev := h.p.Store().Rev(); rev < lastRev {
			t.Fatalf("step %d: revision went back from %d to %d", step, lastRev, rev)
		} else {
			lastRev = rev
		}
		h.loop.RunFor(50 * time.Millisecond)
	}
	// Recover and settle, then compare every view with the store.
	h.p.StartAll()
	h.p.SetStoreAvailable(true)
	for range 3 {
		for _, r := range refl {
			r.sync()
		}
		h.loop.RunFor(time.Second)
	}
	stored := map[string]string{}
	k := h.kind("", "configmaps")
	res, _ := h.p.Store().RangePrefix(namespacePrefix(k, "demo"), store.RangeOptions{})
	for _, kv := range res.KVs {
		stored[kv.Value.Meta.Name] = kv.Value.Meta.ResourceVersion
		if kv.Value.Meta.ResourceVersion != formatRV(kv.ModRevision) {
			t.Errorf("%s: resourceVersion %s but mod revision %d", kv.Key, kv.Value.Meta.ResourceVersion, kv.ModRevision)
		}
	}
	for name, rv := range acked {
		if stored[name] != rv {
			t.Errorf("acknowledged write lost: %s at %q, store has %q", name, rv, stored[name])
		}
	}
	for _, r := range refl {
		want := map[string]string{}
		for _, kv := range res.KVs {
			if r.selector == "" || kv.Value.Meta.Labels["team"] == "a" {
				want[kv.Value.Meta.Name] = kv.Value.Meta.ResourceVersion
			}
		}
		if !maps.Equal(r.view, want) {
			t.Errorf("%s sees %v, the store has %v", r.name, sortedView(r.view), sortedView(want))
		}
	}
	var buf bytes.Buffer
	if err := h.p.Trace().WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sortedView(m map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, k+"@"+m[k])
	}
	return out
}

func TestPropertyRandomOperations(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprintf("seed-%d", seed), func(t *testing.T) {
			a := runProperty(t, seed, 300)
			b := runProperty(t, seed, 300)
			if !bytes.Equal(a, b) {
				t.Fatalf("two runs with seed %d gave different traces (%d and %d bytes)", seed, len(a), len(b))
			}
		})
	}
}
