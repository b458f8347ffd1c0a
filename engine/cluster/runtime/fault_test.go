package runtime

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
)

// Kill powers the node off: calls fail, pending callbacks never run, the
// Pod IPs leave the network and the node is down; Restart brings it back
// with its images.
func TestKillAndRestart(t *testing.T) {
	slow := DefaultImage(env.Default())
	slow.PullDuration = 10 * time.Second
	n := newNode(t, map[string]Image{"slow:v1": slow})
	sb, _ := n.running(podA, "web:v1", ContainerConfig{})
	ip := n.rt.sandboxes[sb].ip.String()
	if _, ok := n.net.Pod(ip); !ok {
		t.Fatal("the Pod IP is not on the network")
	}
	called := false
	n.rt.PullImage("slow:v1", podA, func(string, error) { called = true })
	n.rt.Kill()
	n.loop.RunFor(time.Minute)
	if called {
		t.Error("a pull's callback ran after the node was killed")
	}
	if !n.net.NodeDown("worker-a") {
		t.Error("the node's network is up")
	}
	if _, ok := n.net.Pod(ip); ok {
		t.Error("the Pod IP survived")
	}
	if _, err := n.rt.RunPodSandbox(podA); err == nil {
		t.Error("RunPodSandbox worked on a node that is off")
	}
	n.rt.Restart()
	if n.net.NodeDown("worker-a") || !n.rt.Up() {
		t.Error("the node did not come back")
	}
	if len(n.rt.ListPodSandbox("")) != 0 {
		t.Error("sandboxes survived the reboot")
	}
	if _, ok := n.rt.ImageStatus("web:v1"); !ok {
		t.Error("the pulled image did not survive the reboot")
	}
	if ip2, err := n.rt.RunPodSandbox(podA); err != nil || n.rt.sandboxes[ip2].ip.String() != "10.244.1.2" {
		t.Errorf("after the reboot: %v, IP %v", err, n.rt.sandboxes[ip2].ip)
	}
}

// The runtime tells its listener about the first change after a relist,
// and Relist returns the Pods changed since the previous one, once each,
// in order.
func TestRelist(t *testing.T) {
	n := newNode(t, nil)
	told := 0
	n.rt.SetListener(func() { told++ })
	b := PodSandboxConfig{Name: "b", Namespace: "demo", UID: "uid-b"}
	sbA, _ := n.rt.RunPodSandbox(podA)
	n.rt.RunPodSandbox(b)
	n.rt.StopPodSandbox(sbA)
	if told != 1 {
		t.Errorf("listener told %d times, want 1", told)
	}
	if got := n.rt.Relist(); len(got) != 2 || got[0] != "uid-a" || got[1] != "uid-b" {
		t.Errorf("Relist = %v, want [uid-a uid-b]", got)
	}
	if got := n.rt.Relist(); len(got) != 0 {
		t.Errorf("second Relist = %v, want nothing", got)
	}
	n.rt.RemovePodSandbox(sbA)
	if told != 2 {
		t.Errorf("listener told %d times, want 2", told)
	}
}

// A Pod's IP answers HTTP once its container listens (ReadyAfter), from its
// image, or what SetAnswer set; before that, and after it exits, the
// connection is refused.
func TestServe(t *testing.T) {
	im := DefaultImage(env.Default())
	im.ReadyAfter = 5 * time.Second
	im.HTTP = map[string]HTTPAnswer{"/healthz": {Body: "ok"}, "*": {Status: 404, Body: "not found"}}
	n := newNode(t, map[string]Image{"app:v1": im})
	sb, _ := n.rt.RunPodSandbox(podA)
	n.rt.PullImage("app:v1", podA, func(string, error) {})
	n.loop.RunFor(time.Minute)
	id, err := n.rt.CreateContainer(sb, ContainerConfig{Name: "web", Image: "app:v1", Ports: []int32{8080}})
	if err != nil {
		t.Fatal(err)
	}
	n.rt.StartContainer(id, func(error) {})
	n.loop.RunFor(time.Second) // it runs, and does not listen yet
	ep, _ := n.net.Pod(n.rt.sandboxes[sb].ip.String())
	type want struct {
		code int
		body string
		err  string
	}
	check := func(label string, port int32, path string, w want) {
		t.Helper()
		a := ep.Backend.Serve(port, path)
		if a.Code != w.code || a.Body != w.body || a.Err != w.err {
			t.Errorf("%s: %+v, want %+v", label, a, w)
		}
	}
	check("before it listens", 8080, "/healthz", want{err: "connection refused"})
	n.loop.RunFor(5 * time.Second)
	check("health", 8080, "/healthz", want{code: 200, body: "ok"})
	check("other path", 8080, "/x", want{code: 404, body: "not found"})
	n.rt.SetAnswer("demo", "web", "web", "/healthz", HTTPAnswer{Status: 503})
	check("broken health", 8080, "/healthz", want{code: 503})
	n.rt.SetAnswer("demo", "web", "web", "/healthz", HTTPAnswer{Status: -1})
	check("restored health", 8080, "/healthz", want{code: 200, body: "ok"})
	if !n.rt.Dial(sb, 8080) {
		t.Error("Dial refused")
	}
	n.rt.Crash("demo", "web", "web")
	check("after a crash", 8080, "/healthz", want{err: "connection refused"})
}
