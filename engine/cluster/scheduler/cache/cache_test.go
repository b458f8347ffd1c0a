package cache

import (
	"fmt"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

func nodeObj(name, zone string, images ...string) *object.Object {
	o := object.New("v1", "Node")
	o.Meta.Name = name
	if zone != "" {
		o.Meta.Labels = map[string]string{framework.LabelTopologyZone: zone}
	}
	var imgs []any
	for _, i := range images {
		imgs = append(imgs, map[string]any{"names": []any{i}, "sizeBytes": int64(100 << 20)})
	}
	o.Content["status"] = map[string]any{"allocatable": map[string]any{"cpu": "4", "memory": "8Gi", "pods": "110"}, "images": imgs}
	return o
}

func names(ns []*framework.NodeInfo) string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Name)
	}
	return fmt.Sprint(out)
}

// TestNodeTreeOrder: one node per zone in turn, zones in the order first
// seen, nodes in the order added.
func TestNodeTreeOrder(t *testing.T) {
	c := New()
	for _, n := range [][2]string{{"a1", "a"}, {"a2", "a"}, {"b1", "b"}, {"a3", "a"}, {"c1", "c"}, {"b2", "b"}} {
		c.AddNode(nodeObj(n[0], n[1]))
	}
	if got := names(c.NodeInfos()); got != "[a1 b1 c1 a2 b2 a3]" {
		t.Errorf("order = %s", got)
	}
	c.RemoveNode("b1")
	c.AddNode(nodeObj("a2", "c")) // relabelled into zone c
	if got := names(c.NodeInfos()); got != "[a1 b2 c1 a3 a2]" {
		t.Errorf("order after changes = %s", got)
	}
}

func podInfo(name string, cpu string) *framework.PodInfo {
	o := object.New("v1", "Pod")
	o.Meta.Namespace, o.Meta.Name = "demo", name
	o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "a", "image": "x",
		"resources": map[string]any{"requests": map[string]any{"cpu": cpu}}}}}
	return framework.NewPodInfo(o)
}

// TestAssume: an assumed Pod counts at once, is confirmed (not counted
// twice) when the informer reports it bound, and can be forgotten only
// while assumed.
func TestAssume(t *testing.T) {
	c := New()
	c.AddNode(nodeObj("n", ""))
	p := podInfo("web", "500m")
	if _, err := c.AssumePod(p, "n"); err != nil {
		t.Fatal(err)
	}
	n, _ := c.Node("n")
	if n.Requested.MilliCPU != 500 || !c.IsAssumed(p.Key) {
		t.Fatalf("assumed: %dm requested", n.Requested.MilliCPU)
	}
	if _, err := c.AssumePod(p, "n"); err == nil {
		t.Error("assumed twice")
	}
	bound := *p
	bound.NodeName = "n"
	c.AddPod(&bound)
	if n.Requested.MilliCPU != 500 || c.IsAssumed(p.Key) || len(n.Pods) != 1 {
		t.Fatalf("confirmed: %dm, %d pods, assumed %v", n.Requested.MilliCPU, len(n.Pods), c.IsAssumed(p.Key))
	}
	if err := c.ForgetPod(p); err == nil {
		t.Error("forgot a confirmed Pod")
	}
	q := podInfo("other", "1")
	a, _ := c.AssumePod(q, "n")
	if err := c.ForgetPod(a); err != nil || n.Requested.MilliCPU != 500 {
		t.Errorf("forget: %v, %dm left", err, n.Requested.MilliCPU)
	}
}

// TestImageStates: an image's spread counts the nodes that have it.
func TestImageStates(t *testing.T) {
	c := New()
	c.AddNode(nodeObj("a", "", "web:v1"))
	c.AddNode(nodeObj("b", "", "web:v1", "db"))
	a, _ := c.Node("a")
	if st := a.ImageStates["web:v1"]; st == nil || st.NumNodes != 2 || st.Size != 100<<20 {
		t.Fatalf("web:v1 = %+v", st)
	}
	c.RemoveNode("b")
	if st := a.ImageStates["web:v1"]; st.NumNodes != 1 {
		t.Errorf("after removing b: %d nodes", st.NumNodes)
	}
	if b, _ := c.Node("a"); b.ImageStates["db:latest"] != nil {
		t.Error("a has b's image")
	}
}
