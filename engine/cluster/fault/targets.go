package fault

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// crash makes the running containers of the Pod NS/NAME exit with code 1
// on the node it is bound to.
func crash(c *cluster.Cluster, target string) (trace.Actor, error) {
	ns, name, _ := strings.Cut(target, "/")
	pod, err := c.Admin().Get(c.Env().Kind("", "Pod"), ns, name)
	if err != nil {
		return "", err
	}
	n := c.Node(pod.GetString(".spec.nodeName"))
	if n == nil {
		return "", fmt.Errorf("pod %s is not on a node", target)
	}
	crashed := 0
	for _, ctr := range object.ViewPod(pod).Containers {
		if n.Runtime.Crash(ns, name, ctr.Name) == nil {
			crashed++
		}
	}
	if crashed == 0 {
		return "", fmt.Errorf("pod %s has no running container", target)
	}
	return trace.Pod(ns, name), nil
}

// replica picks the controller-manager or scheduler replica a fault
// kills: the named one, else the leader, else the first running one.
func replica(c *cluster.Cluster, f Fault) (env.Actor, error) {
	var all []env.Actor
	leading := func(env.Actor) bool { return false }
	if f.Kind == KillControllerManager {
		for _, m := range c.ControllerManagers() {
			all = append(all, m)
		}
		leading = func(a env.Actor) bool {
			for _, m := range c.ControllerManagers() {
				if m.Name() == a.Name() {
					return m.Leading()
				}
			}
			return false
		}
	} else {
		for _, s := range c.Schedulers() {
			all = append(all, s)
		}
		leading = func(a env.Actor) bool {
			for _, s := range c.Schedulers() {
				if s.Name() == a.Name() {
					return s.Leading()
				}
			}
			return false
		}
	}
	if f.Target != "" {
		for _, a := range all {
			if string(a.Name()) == f.Target {
				return a, nil
			}
		}
		return nil, fmt.Errorf("no replica %q", f.Target)
	}
	for _, a := range all {
		if a.Running() && leading(a) {
			return a, nil
		}
	}
	for _, a := range all {
		if a.Running() {
			return a, nil
		}
	}
	return nil, fmt.Errorf("no replica is running")
}

// proxies are the kube-proxies of node, or of every node when "".
func proxies(c *cluster.Cluster, node string) ([]env.Actor, error) {
	if node != "" {
		n := c.Node(node)
		if n == nil {
			return nil, fmt.Errorf("no node %q", node)
		}
		return []env.Actor{n.Proxy}, nil
	}
	var out []env.Actor
	for _, n := range c.Nodes() {
		out = append(out, n.Proxy)
	}
	return out, nil
}

// proxyActor is the actor a kube-proxy fault addresses.
func proxyActor(node string) trace.Actor {
	if node == "" {
		return "proxy/*"
	}
	return trace.ServiceProxy(node)
}
