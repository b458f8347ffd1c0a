package cache_test

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// captured answers an empty LIST and keeps the WATCH handler, so a
// benchmark can feed the informer events directly.
type captured struct{ h api.WatchHandler }

type nopWatch struct{}

func (nopWatch) Stop()      {}
func (nopWatch) Done() bool { return false }

func (c *captured) Do(req *api.Request, h api.WatchHandler) *api.Response {
	if req.List.Watch {
		c.h = h
		return &api.Response{Code: 200, Watch: nopWatch{}}
	}
	return &api.Response{Code: 200, ListMeta: api.ListMeta{ResourceVersion: "1"}}
}

// BenchmarkInformerAdded30000 is one op: an informer with two handlers
// (one counting, one filtering) taking 30,000 ADDED Pod events in 100
// namespaces, as a 30,000-Pod scale-up delivers them.
func BenchmarkInformerAdded30000(b *testing.B) {
	const n = 30000
	pods := make([]api.WatchEvent, n)
	for i := range pods {
		p := pod(fmt.Sprintf("ns-%02d", i%100), fmt.Sprintf("web-%05d", i))
		p.Meta.ResourceVersion = strconv.Itoa(i + 2)
		pods[i] = api.WatchEvent{Type: trace.Added, Object: p}
	}
	reg := object.NewBuiltinRegistry()
	kind, _ := reg.ByGVR("", "v1", "pods")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		loop := sim.NewLoop()
		ep := &captured{}
		inf := cache.NewSharedInformer(client.New("kcm", "", ep, loop, nil), kind, cache.Filter{}, 0)
		adds := 0
		inf.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(*object.Object) { adds++ }})
		inf.AddEventHandler(cache.FilteringResourceEventHandler{
			FilterFunc: func(o *object.Object) bool { return o.Meta.Namespace == "ns-00" },
			Handler:    cache.ResourceEventHandlerFuncs{},
		})
		inf.Run()
		b.StartTimer()
		for _, ev := range pods {
			ep.h.OnEvent(ev)
		}
		if adds != n || inf.Indexer().Len() != n {
			b.Fatalf("adds %d, cached %d", adds, inf.Indexer().Len())
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkInformerModified is one MODIFIED event on a cache of 30,000
// Pods: the steady state of a running cluster.
func BenchmarkInformerModified(b *testing.B) {
	const n = 30000
	loop := sim.NewLoop()
	ep := &captured{}
	reg := object.NewBuiltinRegistry()
	kind, _ := reg.ByGVR("", "v1", "pods")
	inf := cache.NewSharedInformer(client.New("kcm", "", ep, loop, nil), kind, cache.Filter{}, 0)
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{UpdateFunc: func(_, _ *object.Object) {}})
	inf.Run()
	evs := make([]api.WatchEvent, n)
	for i := range evs {
		p := pod(fmt.Sprintf("ns-%02d", i%100), fmt.Sprintf("web-%05d", i))
		p.Meta.ResourceVersion = strconv.Itoa(i + 2)
		ep.h.OnEvent(api.WatchEvent{Type: trace.Added, Object: p})
		q := *p
		q.Meta.ResourceVersion = strconv.Itoa(n + i + 2)
		evs[i] = api.WatchEvent{Type: trace.Modified, Object: &q}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		ep.h.OnEvent(evs[i%n])
	}
}
