package scenario

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/store"
)

// eagerHistory indexes each change's kind as the change comes, as the
// history did before it indexed kinds only when asked.
type eagerHistory struct{ *History }

func (h eagerHistory) OnEvent(ev store.Event[*object.Object]) {
	h.History.OnEvent(ev)
	if n := len(h.changes); n > 0 {
		o := h.changes[n-1].Obj
		h.kind(GroupKind{o.Group(), o.Kind})
	}
}

// A history that indexes a kind only when first asked, and catches up on
// later questions, answers every question as one that indexed each change
// as it came: for every kind, key and trace index of a run, asked both
// during the run (as an until does) and after it.
func TestHistoryIndexedLateAnswersAsIndexedEarly(t *testing.T) {
	c, err := cluster.New(twoWorkers(t))
	if err != nil {
		t.Fatal(err)
	}
	lazy, eager := newHistory(c.Trace()), eagerHistory{newHistory(c.Trace())}
	for _, h := range []store.Handler[*object.Object]{lazy, eager} {
		if _, err := c.Store().Watch("", 1, h); err != nil {
			t.Fatal(err)
		}
	}
	c.Start()
	pods := GroupKind{"", "Pod"}
	c.RunUntil(func() bool {
		// A question mid-run indexes Pods part of the way.
		lazy.Objects(pods, "*", c.Trace().Len())
		return false
	}, BootLimit/2)
	c.Settle(BootLimit)
	end := c.Trace().Len()
	if lazy.Len() != eager.Len() || lazy.Len() == 0 {
		t.Fatalf("%d changes, eagerly %d", lazy.Len(), eager.Len())
	}
	var kinds []GroupKind
	for gk := range eager.kinds {
		kinds = append(kinds, gk)
	}
	slices.SortFunc(kinds, func(a, b GroupKind) int {
		return cmp.Or(strings.Compare(a.Group, b.Group), strings.Compare(a.Kind, b.Kind))
	})
	points := append(lazy.ChangedAt(0, end), -1, end)
	for _, gk := range kinds {
		keys := lazy.Keys(gk)
		if !slices.Equal(keys, eager.Keys(gk)) {
			t.Fatalf("%v keys %v, eagerly %v", gk, keys, eager.Keys(gk))
		}
		if got, want := lazy.ChangedKindAt(gk, 0, end), eager.ChangedKindAt(gk, 0, end); !slices.Equal(got, want) {
			t.Errorf("%v changed at %v, eagerly %v", gk, got, want)
		}
		for _, i := range points {
			for _, ns := range []string{"", "*", "kube-system", "demo"} {
				if got, want := lazy.Objects(gk, ns, i), eager.Objects(gk, ns, i); !slices.Equal(got, want) {
					t.Fatalf("%v in %q at %d: %d objects, eagerly %d", gk, ns, i, len(got), len(want))
				}
			}
		}
		for _, k := range keys {
			for _, i := range points {
				if lazy.At(k, i) != eager.At(k, i) {
					t.Fatalf("%v at %d differs", k, i)
				}
			}
			if got, want := lazy.Versions(k, 0, end), eager.Versions(k, 0, end); !slices.Equal(got, want) {
				t.Fatalf("%v versions differ", k)
			}
		}
	}
	if got, want := lazy.ChangedAt(0, end), eager.ChangedAt(0, end); !slices.Equal(got, want) {
		t.Errorf("changed at %v, eagerly %v", got, want)
	}
}
