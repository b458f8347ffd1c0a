package watchcache

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestConvertAnyObject: a watcher without selectors converts every event
// as the selectors' way would with every object selected.
func TestConvertAnyObject(t *testing.T) {
	obj := &object.Object{Meta: object.Meta{Name: "a", ResourceVersion: "3"}}
	prev := &object.Object{Meta: object.Meta{Name: "a", ResourceVersion: "2"}}
	tests := []struct {
		name string
		ev   Event
		want trace.WatchType // 0 for no delivery
	}{
		{"added", Event{Type: trace.Added, Key: "/registry/pods/ns/a", Object: obj, RV: 3}, trace.Added},
		{"modified", Event{Type: trace.Modified, Key: "/registry/pods/ns/a", Object: obj, Prev: prev, RV: 3}, trace.Modified},
		{"deleted", Event{Type: trace.Deleted, Key: "/registry/pods/ns/a", Object: obj, Prev: prev, RV: 3}, trace.Deleted},
		{"deleted unseen", Event{Type: trace.Deleted, Key: "/registry/pods/ns/a", Object: obj, RV: 3}, 0},
		{"other namespace", Event{Type: trace.Added, Key: "/registry/pods/other/a", Object: obj, RV: 3}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fast := &Watcher{pred: Predicate{Prefix: "/registry/pods/ns/"}, anyObject: true}
			slow := &Watcher{pred: fast.pred}
			got, ok := fast.convert(&tc.ev)
			want, wantOK := slow.convert(&tc.ev)
			if got != want || ok != wantOK {
				t.Fatalf("convert = %+v %v, the selectors' way %+v %v", got, ok, want, wantOK)
			}
			if got.Type != tc.want || ok != (tc.want != 0) {
				t.Errorf("convert = %q %v, want %q", got.Type, ok, tc.want)
			}
		})
	}
}
