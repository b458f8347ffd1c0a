package network

import "testing"

type fixed Answer

func (f fixed) Serve(int32, string) Answer { return Answer(f) }

func TestPodsAndRules(t *testing.T) {
	n := New()
	n.AddPod(&Endpoint{IP: "10.244.1.3", Node: "worker-b", Pod: "demo/web-2", Backend: fixed{Code: 200}})
	n.AddPod(&Endpoint{IP: "10.244.0.2", Node: "worker-a", Pod: "demo/web-1", Backend: fixed{Code: 200}})
	if got := n.PodIPs(); len(got) != 2 || got[0] != "10.244.0.2" || got[1] != "10.244.1.3" {
		t.Errorf("PodIPs = %v, want sorted", got)
	}
	e, ok := n.Pod("10.244.1.3")
	if !ok || e.Backend.Serve(80, "/").Code != 200 {
		t.Fatal("registered pod not found")
	}
	n.RemovePod("10.244.1.3")
	if _, ok := n.Pod("10.244.1.3"); ok {
		t.Error("removed pod still answers")
	}

	r := n.Rules("worker-a")
	r.Set(&ServiceRule{Service: "demo/web", IP: "10.96.0.10", Port: 80, Backends: []BackendAddr{{IP: "10.244.0.2", Port: 8080, Pod: "demo/web-1"}}})
	r.Set(&ServiceRule{Service: "default/kubernetes", IP: "10.96.0.1", Port: 443})
	if got, ok := n.Rules("worker-a").Lookup("10.96.0.10", 80); !ok || got.Service != "demo/web" {
		t.Errorf("lookup = %+v %v", got, ok)
	}
	if _, ok := r.Lookup("10.96.0.10", 81); ok {
		t.Error("a rule must match the port too")
	}
	if all := r.All(); len(all) != 2 || all[0].Service != "default/kubernetes" {
		t.Errorf("All must be in address order, got %v", all)
	}
	r.Delete("10.96.0.1", 443)
	if len(r.All()) != 1 {
		t.Error("delete did not remove the rule")
	}
	n.DropRules("worker-a")
	if len(n.Rules("worker-a").All()) != 0 {
		t.Error("dropped rules still present")
	}
	n.SetNodeDown("worker-a", true)
	if !n.NodeDown("worker-a") || n.NodeDown("worker-b") {
		t.Error("node down switch")
	}
	n.SetNodeDown("worker-a", false)
	if n.NodeDown("worker-a") {
		t.Error("node back up")
	}
}
