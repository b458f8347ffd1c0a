package cache

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func TestWaitForCacheSync(t *testing.T) {
	tests := []struct {
		name     string
		syncedAt time.Duration // when synced starts to report true
		stopAt   time.Duration // 0: never stopped
		calledAt time.Duration // -1: never
	}{
		{"already synced: at once", 0, 0, 0},
		{"at the first poll after", 250 * time.Millisecond, 0, 300 * time.Millisecond},
		{"on a poll exactly", 200 * time.Millisecond, 0, 200 * time.Millisecond},
		{"stopped before", time.Second, 500 * time.Millisecond, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loop := sim.NewLoop()
			start := loop.Now()
			called := time.Duration(-1)
			w := WaitForCacheSync(loop, func() bool { return loop.Now().Sub(start) >= tt.syncedAt },
				func() { called = loop.Now().Sub(start) })
			if tt.stopAt > 0 {
				loop.After(tt.stopAt, w.Stop)
			}
			loop.RunUntil(func() bool { return false }, 2*time.Second)
			if called != tt.calledAt {
				t.Errorf("then called at %v, want %v", called, tt.calledAt)
			}
		})
	}
	var w *Waiter
	w.Stop() // a nil Waiter stops quietly
}

func TestObjectHandler(t *testing.T) {
	var got []string
	h := ObjectHandler(func(o *object.Object) { got = append(got, o.Meta.Name) })
	obj := func(name string) *object.Object { o := object.New("v1", "Pod"); o.Meta.Name = name; return o }
	h.OnAdd(obj("added"), false)
	h.OnUpdate(obj("old"), obj("new"))
	h.OnDelete(obj("deleted"))
	h.OnDelete(DeletedFinalStateUnknown{Key: "demo/gone", Obj: obj("gone")})
	h.OnDelete(DeletedFinalStateUnknown{Key: "demo/unknown"})
	if want := "added new deleted gone"; strings.Join(got, " ") != want {
		t.Errorf("handled %q, want %q", strings.Join(got, " "), want)
	}
}
