package cache_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func TestFactorySharesInformers(t *testing.T) {
	e := newEnv(t)
	nodes, _ := e.srv.Registry.ByGVR("", "v1", "nodes")
	f := cache.NewFactory(e.c, 0)
	a := f.Informer(e.pods)
	if f.Informer(e.pods) != a {
		t.Error("two informers for one resource")
	}
	onNode := cache.Filter{FieldSelector: "spec.nodeName=worker-a"}
	filtered := f.FilteredInformer(e.pods, onNode)
	if filtered == a || f.FilteredInformer(e.pods, onNode) != filtered {
		t.Error("filtered informers are not shared by filter")
	}
	n := f.Informer(nodes)
	e.create("demo", "x")
	if f.HasSynced() != true {
		t.Error("a factory with nothing started is not synced")
	}
	f.Start()
	if !a.HasSynced() || !filtered.HasSynced() || !n.HasSynced() || !f.HasSynced() {
		t.Error("Start did not sync every informer")
	}
	diffLines(t, "requests", e.log.lines(), []string{
		"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2",
		"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2",
		"0.000s LIST rv=0 limit=500", "0.000s WATCH rv=2",
	})
	f.Start() // again: nothing new to start
	if len(e.log.reqs) != 6 {
		t.Errorf("second Start sent requests: %q", e.log.lines())
	}
	if got := len(a.Lister().ListNamespace("demo", object.LabelSelector{})); got != 1 {
		t.Errorf("lister sees %d pods", got)
	}
	if got := len(filtered.Indexer().List()); got != 0 {
		t.Errorf("filtered informer caches %d pods", got)
	}
	f.Shutdown()
	e.loop.RunFor(time.Hour)
	if e.srv.Watches() != 0 {
		t.Errorf("%d watches open after Shutdown", e.srv.Watches())
	}
}

func TestLister(t *testing.T) {
	c := cache.NewIndexer(cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	for _, p := range []struct{ ns, name, app string }{{"demo", "a", "web"}, {"demo", "b", "db"}, {"other", "c", "web"}} {
		o := pod(p.ns, p.name)
		o.Meta.Labels = map[string]string{"app": p.app}
		c.Add(o)
	}
	l := cache.NewLister(c)
	web := object.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	diffLines(t, "List", keys(l.List(web)), []string{"demo/a", "other/c"})
	diffLines(t, "ListNamespace", keys(l.ListNamespace("demo", web)), []string{"demo/a"})
	diffLines(t, "ListNamespace everything", keys(l.ListNamespace("demo", object.LabelSelector{})), []string{"demo/a", "demo/b"})
	if o, ok := l.Get("other", "c"); !ok || o.Meta.Name != "c" {
		t.Errorf("Get = %v %v", o, ok)
	}
	noIndex := cache.NewLister(cache.NewIndexer(nil))
	if got := noIndex.ListNamespace("demo", web); len(got) != 0 {
		t.Errorf("empty lister listed %d", len(got))
	}
}
