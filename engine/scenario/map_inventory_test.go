package scenario

import (
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

func TestWordsKeepEachList(t *testing.T) {
	long := strings.Repeat("x", minWordsBuffer)
	tests := []struct {
		name  string
		lists [][]directCall
	}{
		{"one list", [][]directCall{{{trace.Persist, "etcd"}, {trace.Webhook, "a"}}}},
		{"lists sharing a buffer", [][]directCall{{{trace.Persist, "etcd"}}, {{trace.Webhook, "b"}, {trace.Webhook, "a"}}}},
		{"a list past the buffer's room", [][]directCall{{{trace.Persist, "etcd"}}, {{trace.Webhook, long}}, {{trace.Proxy, "c"}}}},
		{"more words than the array holds", [][]directCall{make([]directCall, minWordsLists-1), make([]directCall, 3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w words
			var got [][]string
			for _, l := range tt.lists {
				got = append(got, w.calls(l, " to "))
			}
			for i, l := range tt.lists {
				var want []string
				for _, c := range l {
					want = append(want, c.verb.String()+" to "+c.peer)
				}
				slices.Sort(want)
				if !slices.Equal(got[i], want) {
					t.Errorf("list %d = %q, want %q", i, got[i], want)
				}
				if cap(got[i]) != len(got[i]) {
					t.Errorf("list %d has room %d past its %d words", i, cap(got[i]), len(got[i]))
				}
			}
		})
	}
}

func TestReleasedInventoriesReadAsNew(t *testing.T) {
	runs := [][]trace.Event{
		{{From: "alice", Verb: trace.Create, Resource: "deployments", Group: "apps"},
			{From: "kube-apiserver", To: "etcd", Verb: trace.Persist},
			{From: "alice", Verb: trace.Get, Resource: "pods"}},
		{{From: "bob", Verb: trace.Watch, Resource: "pods"},
			{From: "alice", Verb: trace.List, Resource: "nodes"}},
	}
	read := func(v *inventories) map[string]result.Inventory {
		out := map[string]result.Inventory{}
		for _, id := range []string{"alice", "bob", "kube-apiserver", "etcd"} {
			out[id] = v.of(result.MapID(id))
		}
		return out
	}
	for i, run := range runs {
		fresh := &inventories{byID: map[string]*inventory{}, actors: map[trace.Actor]actorInventory{}}
		reused := newInventories()
		for j := range run {
			fresh.event(&run[j])
			reused.event(&run[j])
		}
		want, got := read(fresh), read(reused)
		for id := range want {
			if !inventoryEqual(got[id], want[id]) {
				t.Errorf("run %d: %s = %+v, want %+v", i, id, got[id], want[id])
			}
		}
		reused.release()
	}
}

func inventoryEqual(a, b result.Inventory) bool {
	return slices.Equal(a.Reads, b.Reads) && slices.Equal(a.Watches, b.Watches) && slices.Equal(a.Writes, b.Writes) &&
		slices.Equal(a.Calls, b.Calls) && slices.Equal(a.CalledBy, b.CalledBy) && a.Why == b.Why
}
