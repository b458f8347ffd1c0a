package watchcache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// recorder is a sink that logs what it is handed, with its name, into a
// log shared by the watchers of a run, and can act on a delivery.
type recorder struct {
	name string
	log  *[]string
	on   func(d Delivery)
}

func (r *recorder) Send(d Delivery) {
	*r.log = append(*r.log, fmt.Sprintf("%s %s %s rv=%s", r.name, d.Type, d.Object.Meta.Name, d.Object.Meta.ResourceVersion))
	if r.on != nil {
		r.on(d)
	}
}

func (r *recorder) Close(err error) {
	*r.log = append(*r.log, fmt.Sprintf("%s closed %v", r.name, err))
}

// podRun drives one cacher of Pods with a seeded sequence of creates,
// binds, moves and deletes, with watchers on nodes (indexed when the
// trigger is on) and on everything, opened and stopped along the way,
// and returns every delivery in order.
func podRun(t *testing.T, trigger *Trigger, seed int64) []string {
	t.Helper()
	loop, rnd := sim.NewLoop(), sim.NewRand(seed)
	c := New(Config{Loop: loop, Prefix: "/registry/pods/", APIVersion: "v1", Kind: "Pod", Trigger: trigger})
	c.Replace(nil, 1)
	fields := selector.FieldsFor("", "pods")
	var log []string
	watch := func(name, sel string, on func(Delivery)) *Watcher {
		fs, err := selector.ParseFields(sel)
		if err != nil {
			t.Fatal(err)
		}
		return c.Watch(WatchOptions{Predicate: Predicate{Prefix: "/registry/pods/", Fields: fs, FieldSet: fields}, AllowBookmarks: true},
			&recorder{name: name, log: &log, on: on})
	}
	rv := int64(1)
	pods := map[string]*object.Object{}
	write := func(name, node string, del bool) {
		rv++
		key := "/registry/pods/demo/" + name
		prev := pods[key]
		ev := store.Event[*object.Object]{KV: store.KeyValue[*object.Object]{Key: key, ModRevision: rv}}
		if prev != nil {
			ev.Prev = store.KeyValue[*object.Object]{Key: key, ModRevision: rv - 1, Value: prev}
		}
		if del {
			ev.Type = store.Delete
			delete(pods, key)
		} else {
			o := object.New("v1", "Pod")
			o.Meta.Name, o.Meta.Namespace, o.Meta.ResourceVersion = name, "demo", fmt.Sprint(rv)
			o.Content["spec"] = map[string]any{"nodeName": node}
			pods[key] = o
			ev.KV.Value = o
		}
		c.OnEvent(ev)
	}
	nodes := []string{"", "a", "b", "c"}
	// The kubelet of node a writes back when it is handed a Pod, as a
	// kubelet's status update does: its events are due on a later pass.
	ws := []*Watcher{watch("a", "spec.nodeName=a", func(d Delivery) {
		if d.Type == trace.Added && !strings.HasSuffix(d.Object.Meta.Name, "-ack") {
			write(d.Object.Meta.Name+"-ack", "b", false)
		}
	}), watch("all", "", nil), watch("unbound", "spec.nodeName=", nil)}
	for step := range 400 {
		name := fmt.Sprintf("p%d", rnd.Intn(30))
		switch r := rnd.Intn(10); {
		case r < 6:
			write(name, nodes[rnd.Intn(len(nodes))], false)
		case r < 8:
			if pods["/registry/pods/demo/"+name] != nil {
				write(name, "", true)
			}
		case r < 9:
			sel := "spec.nodeName=" + nodes[1+rnd.Intn(3)] + ",metadata.namespace=demo"
			if rnd.Intn(3) == 0 {
				sel = "spec.nodeName!=c"
			}
			ws = append(ws, watch(fmt.Sprintf("%s#%d", sel, step), sel, nil))
		default:
			if len(ws) > 3 {
				i := 3 + rnd.Intn(len(ws)-3)
				ws[i].Stop()
			}
		}
		loop.RunFor(time.Duration(rnd.Intn(8)) * time.Millisecond)
	}
	loop.RunFor(2 * time.Minute)
	return log
}

// TestTriggerIndexSameDeliveries checks that indexing watchers by the
// trigger changes nothing that is delivered, nor its order: the same run
// with the trigger off hands every watcher the same events in the same
// order, bookmarks included.
func TestTriggerIndexSameDeliveries(t *testing.T) {
	for seed := range int64(5) {
		on := podRun(t, nil, seed)
		off := podRun(t, &Trigger{}, seed)
		if len(on) < 200 {
			t.Fatalf("seed %d: only %d deliveries", seed, len(on))
		}
		if strings.Join(on, "\n") != strings.Join(off, "\n") {
			for i := range min(len(on), len(off)) {
				if on[i] != off[i] {
					t.Fatalf("seed %d: delivery %d: indexed %q, unindexed %q", seed, i, on[i], off[i])
				}
			}
			t.Fatalf("seed %d: %d deliveries indexed, %d unindexed", seed, len(on), len(off))
		}
	}
}

// TestTriggerIndexesPods checks which watchers the Pod trigger indexes:
// those whose field selector requires spec.nodeName, by its value.
func TestTriggerIndexesPods(t *testing.T) {
	loop := sim.NewLoop()
	c := New(Config{Loop: loop, Prefix: "/registry/pods/"})
	for _, tt := range []struct {
		sel     string
		indexed bool
		value   string
	}{
		{"spec.nodeName=a", true, "a"},
		{"spec.nodeName=", true, ""},
		{"metadata.namespace=demo,spec.nodeName==b", true, "b"},
		{"spec.nodeName!=a", false, ""},
		{"status.phase=Running", false, ""},
		{"", false, ""},
	} {
		fs, err := selector.ParseFields(tt.sel)
		if err != nil {
			t.Fatal(err)
		}
		w := c.Watch(WatchOptions{Predicate: Predicate{Prefix: "/registry/pods/", Fields: fs}}, &recorder{log: new([]string)})
		if w.indexed != tt.indexed || w.value != tt.value {
			t.Errorf("%q: indexed %v by %q, want %v by %q", tt.sel, w.indexed, w.value, tt.indexed, tt.value)
		}
	}
	if n := New(Config{Loop: loop, Prefix: "/registry/minions/"}); n.trigger.Value != nil {
		t.Error("Nodes have a trigger; kube-apiserver gives them none")
	}
}

// TestInterestedWatchers counts the watches a write concerns as the watch
// tracker does: the resource's, the namespace's and the object's, not a
// kubelet's spec.nodeName=NODE, and not once they end.
func TestInterestedWatchers(t *testing.T) {
	c := New(Config{Loop: sim.NewLoop(), Prefix: "/registry/pods/"})
	watch := func(ns, name, sel string) *Watcher {
		fs, err := selector.ParseFields(sel)
		if err != nil {
			t.Fatal(err)
		}
		return c.Watch(WatchOptions{Predicate: Predicate{Prefix: "/registry/pods/", Fields: fs}, Namespace: ns, Name: name},
			&recorder{log: new([]string)})
	}
	watch("", "", "")                       // a controller's informer
	watch("", "", "spec.nodeName=")         // unscheduled Pods: counted
	watch("", "", "spec.nodeName=worker-a") // a kubelet: not counted
	watch("demo", "", "")                   // one namespace
	watch("other", "", "")                  // another namespace
	w := watch("demo", "web-1", "metadata.name=web-1")
	watch("", "web-1", "metadata.name=web-1") // across namespaces: filed under "" / web-1
	tests := []struct {
		ns, name string
		want     int
	}{
		{"demo", "web-1", 4},
		{"demo", "", 3}, // a create
		{"other", "web-1", 3},
		{"", "web-1", 3}, // a Node, say
		{"", "", 2},
	}
	for _, tt := range tests {
		if got := c.InterestedWatchers(tt.ns, tt.name); got != tt.want {
			t.Errorf("write of %s/%s: %d interested watches, want %d", tt.ns, tt.name, got, tt.want)
		}
	}
	w.Stop()
	if got := c.InterestedWatchers("demo", "web-1"); got != 3 {
		t.Errorf("after a stop: %d interested watches, want 3", got)
	}
}
