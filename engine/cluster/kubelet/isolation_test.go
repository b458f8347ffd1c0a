package kubelet

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
)

// Each kubelet works only on its own Node, Lease and Pods, and each
// runtime only on the Pods of its node.
func TestNodeIsolation(t *testing.T) {
	c := newCluster(t, nil, "worker-a", "worker-b")
	c.start("worker-a", "worker-b")
	c.runFor(time.Second)
	for _, n := range []string{"a", "b"} {
		for _, p := range []string{"1", "2"} {
			c.createPod("web-"+n+p, "worker-"+n, webSpec("web:v1"))
		}
	}
	c.runFor(time.Minute)
	c.admin.Delete(c.kind("Pod"), "demo", "web-a1", api.DeleteOptions{})
	c.runFor(time.Minute)
	checked := 0
	for ev := range c.log.All() {
		from := string(ev.From)
		node, ok := strings.CutPrefix(from, "kubelet/")
		if !ok {
			node, ok = strings.CutPrefix(from, "runtime/")
		}
		if !ok {
			continue
		}
		suffix := strings.TrimPrefix(node, "worker-")
		checked++
		switch ev.Resource {
		case "nodes", "leases":
			if ev.Name != node && ev.Name != "" {
				t.Errorf("%s touched %s %s", from, ev.Resource, ev.Name)
			}
		case "pods":
			if ev.Name != "" && !strings.HasPrefix(ev.Name, "web-"+suffix) {
				t.Errorf("%s touched pod %s", from, ev.Name)
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d events checked", checked)
	}
	if !c.ready("web-b1") || !c.ready("web-a2") {
		t.Error("pods not ready")
	}
}

// The Registry reaches the kubelet of the node named in the call; an
// unknown or stopped node does not answer.
func TestRegistry(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", webSpec("web:v1"))
	c.runFor(10 * time.Second)
	req := apiserver.ProxyRequest{Subresource: "exec", Namespace: "demo", Pod: "web", Container: "web",
		Options: api.ConnectOptions{Command: []string{"hostname"}}, Address: "10.0.1.11:10250"}
	if out, err := c.registry.Proxy("worker-a", req); err != nil || string(out) != "web\n" {
		t.Errorf("exec through the registry: %q, %v", out, err)
	}
	if _, err := c.registry.Proxy("worker-z", req); err == nil || err.Error() != "dial tcp 10.0.1.11:10250: connect: no route to host" {
		t.Errorf("unknown node: %v", err)
	}
	req.Pod = "nope"
	if _, err := c.registry.Proxy("worker-a", req); err == nil || err.Error() != "pod does not exist" {
		t.Errorf("unknown pod: %v", err)
	}
	req.Subresource = "portforward"
	req.Pod = "web"
	req.Options = api.ConnectOptions{Ports: []int32{80}}
	if out, err := c.registry.Proxy("worker-a", req); err != nil || string(out) != "Forwarding from 127.0.0.1:80 -> 80\n" {
		t.Errorf("portforward: %q, %v", out, err)
	}
}
