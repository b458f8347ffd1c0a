package cache_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

func labelled(ns, name, node string) *object.Object {
	o := pod(ns, name)
	if node != "" {
		o.Content["spec"].(map[string]any)["nodeName"] = node
	}
	return o
}

// byNode indexes Pods by spec.nodeName, as the scheduler's cache does.
func byNode(o *object.Object) ([]string, error) {
	if n := o.GetString(".spec.nodeName"); n != "" {
		return []string{n}, nil
	}
	return nil, nil
}

func keys(objs []*object.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.Key())
	}
	return out
}

func TestIndexer(t *testing.T) {
	type step struct {
		op  string // add, update, delete
		obj *object.Object
	}
	tests := []struct {
		name      string
		steps     []step
		index     string
		value     string
		wantIndex []string
		wantAll   []string
	}{
		{"namespace index in insertion order",
			[]step{{"add", labelled("demo", "b", "")}, {"add", labelled("other", "x", "")}, {"add", labelled("demo", "a", "")}},
			cache.NamespaceIndex, "demo", []string{"demo/b", "demo/a"}, []string{"demo/b", "other/x", "demo/a"}},
		{"update moves an object between values",
			[]step{{"add", labelled("demo", "a", "n1")}, {"add", labelled("demo", "b", "n1")}, {"update", labelled("demo", "a", "n2")}},
			"node", "n1", []string{"demo/b"}, []string{"demo/a", "demo/b"}},
		{"update keeps the position in the main order",
			[]step{{"add", labelled("demo", "a", "n1")}, {"add", labelled("demo", "b", "n1")}, {"update", labelled("demo", "a", "n1")}},
			"node", "n1", []string{"demo/a", "demo/b"}, []string{"demo/a", "demo/b"}},
		{"delete removes from every index",
			[]step{{"add", labelled("demo", "a", "n1")}, {"add", labelled("demo", "b", "n1")}, {"delete", labelled("demo", "a", "n1")}},
			"node", "n1", []string{"demo/b"}, []string{"demo/b"}},
		{"objects without a value are not indexed",
			[]step{{"add", labelled("demo", "a", "")}},
			"node", "", nil, []string{"demo/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cache.NewIndexer(cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc, "node": byNode})
			for _, s := range tt.steps {
				switch s.op {
				case "add":
					c.Add(s.obj)
				case "update":
					c.Update(s.obj)
				case "delete":
					c.Delete(s.obj)
				}
			}
			got, err := c.ByIndex(tt.index, tt.value)
			if err != nil {
				t.Fatal(err)
			}
			diffLines(t, "ByIndex", keys(got), tt.wantIndex)
			ik, _ := c.IndexKeys(tt.index, tt.value)
			diffLines(t, "IndexKeys", ik, tt.wantIndex)
			diffLines(t, "List", keys(c.List()), tt.wantAll)
			diffLines(t, "ListKeys", c.ListKeys(), tt.wantAll)
		})
	}
}

func TestIndexerErrorsAndValues(t *testing.T) {
	c := cache.NewIndexer(cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	if _, err := c.ByIndex("node", "n1"); err == nil || err.Error() != "Index with name node does not exist" {
		t.Errorf("unknown index: %v", err)
	}
	c.Add(labelled("b", "x", "n1"))
	c.Add(labelled("a", "y", "n2"))
	c.Add(labelled("a", "z", "n2"))
	if err := c.AddIndexers(cache.Indexers{"node": byNode}); err != nil {
		t.Fatal(err)
	}
	if err := c.AddIndexers(cache.Indexers{"node": byNode}); err == nil {
		t.Error("adding an index twice succeeded")
	}
	got, _ := c.ByIndex("node", "n2")
	diffLines(t, "index built over existing objects", keys(got), []string{"a/y", "a/z"})
	diffLines(t, "values", c.ListIndexFuncValues(cache.NamespaceIndex), []string{"a", "b"})
	c.Delete(labelled("b", "x", "n1"))
	diffLines(t, "values after delete", c.ListIndexFuncValues("node"), []string{"n2"})
	same, _ := c.Index("node", labelled("q", "q", "n2"))
	diffLines(t, "Index", keys(same), []string{"a/y", "a/z"})
	if o, ok := c.GetByKey("a/y"); !ok || o.Meta.Name != "y" {
		t.Errorf("GetByKey = %v, %v", o, ok)
	}
}

// TestIndexerCompaction: many removals keep the order of the survivors.
func TestIndexerCompaction(t *testing.T) {
	c := cache.NewIndexer(cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	var want []string
	for i := range 300 {
		o := labelled("demo", fmt.Sprintf("p%03d", i), "")
		c.Add(o)
		if i%3 == 0 {
			want = append(want, o.Key())
		}
	}
	for i := range 300 {
		if i%3 != 0 {
			c.Delete(labelled("demo", fmt.Sprintf("p%03d", i), ""))
		}
	}
	diffLines(t, "List", keys(c.List()), want)
	got, _ := c.ByIndex(cache.NamespaceIndex, "demo")
	if !slices.Equal(keys(got), want) {
		t.Errorf("namespace index lost its order")
	}
	if c.Len() != 100 {
		t.Errorf("Len = %d", c.Len())
	}
}

func TestKeys(t *testing.T) {
	tests := []struct {
		key, ns, name string
		bad           bool
	}{
		{"demo/web", "demo", "web", false},
		{"worker-a", "", "worker-a", false},
		{"a/b/c", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			ns, name, err := cache.SplitMetaNamespaceKey(tt.key)
			if (err != nil) != tt.bad || ns != tt.ns || name != tt.name {
				t.Errorf("SplitMetaNamespaceKey = %q %q %v", ns, name, err)
			}
		})
	}
	p := pod("demo", "web")
	for _, obj := range []any{p, cache.DeletedFinalStateUnknown{Key: "demo/web", Obj: p}} {
		if k, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); k != "demo/web" || err != nil {
			t.Errorf("DeletionHandlingMetaNamespaceKeyFunc(%T) = %q, %v", obj, k, err)
		}
		if o, ok := cache.ObjectOf(obj); !ok || o != p {
			t.Errorf("ObjectOf(%T) = %v, %v", obj, o, ok)
		}
	}
}
