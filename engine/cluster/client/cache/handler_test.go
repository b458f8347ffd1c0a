package cache_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestFilteringResourceEventHandler(t *testing.T) {
	web := func(name, app string) *object.Object {
		o := pod("demo", name)
		o.Meta.Labels = map[string]string{"app": app}
		o.Meta.ResourceVersion = app
		return o
	}
	tests := []struct {
		name string
		do   func(h cache.ResourceEventHandler)
		want []string
	}{
		{"add accepted", func(h cache.ResourceEventHandler) { h.OnAdd(web("a", "web"), false) }, []string{"add demo/a"}},
		{"add rejected", func(h cache.ResourceEventHandler) { h.OnAdd(web("a", "db"), false) }, nil},
		{"update inside", func(h cache.ResourceEventHandler) { h.OnUpdate(web("a", "web"), web("a", "web2")) }, []string{"update demo/a"}},
		{"update entering", func(h cache.ResourceEventHandler) { h.OnUpdate(web("a", "db"), web("a", "web")) }, []string{"add demo/a"}},
		{"update leaving", func(h cache.ResourceEventHandler) { h.OnUpdate(web("a", "web"), web("a", "db")) }, []string{"delete demo/a"}},
		{"tombstone filtered by its object", func(h cache.ResourceEventHandler) {
			h.OnDelete(cache.DeletedFinalStateUnknown{Key: "demo/a", Obj: web("a", "web")})
			h.OnDelete(cache.DeletedFinalStateUnknown{Key: "demo/b", Obj: web("b", "db")})
		}, []string{"delete demo/a (tombstone)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := &notes{}
			h := cache.FilteringResourceEventHandler{
				FilterFunc: func(o *object.Object) bool { return o.Meta.Labels["app"] == "web" || o.Meta.Labels["app"] == "web2" },
				Handler:    n,
			}
			tt.do(h)
			diffLines(t, "notifications", n.take(), tt.want)
		})
	}
}

func TestResourceEventHandlerFuncs(t *testing.T) {
	var got []string
	h := cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o *object.Object) { got = append(got, "add "+o.Key()) },
		DeleteFunc: func(obj any) { o, _ := cache.ObjectOf(obj); got = append(got, "delete "+o.Key()) },
	}
	h.OnAdd(pod("demo", "a"), true)
	h.OnUpdate(pod("demo", "a"), pod("demo", "a")) // nil UpdateFunc: skipped
	h.OnDelete(cache.DeletedFinalStateUnknown{Key: "demo/a", Obj: pod("demo", "a")})
	diffLines(t, "calls", got, []string{"add demo/a", "delete demo/a"})
}
