package fault

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Actor is the trace actor of faults and restores.
const Actor trace.Actor = "fault"

// Apply breaks the part of c that f names and records a FAULT event.
// It fails, recording nothing, when the target does not exist or the
// fault cannot be applied (a second `stop apiservers` can: it does
// nothing more).
func Apply(c *cluster.Cluster, f Fault) error {
	to, err := apply(c, f)
	if err != nil {
		return fmt.Errorf("fault %q: %w", f, err)
	}
	record(c, trace.Fault, f, to)
	return nil
}

// Restore repairs what Apply(c, f) broke and records a RESTORE event.
func Restore(c *cluster.Cluster, f Fault) error {
	to, err := restore(c, f)
	if err != nil {
		return fmt.Errorf("restore %q: %w", f, err)
	}
	record(c, trace.Restore, f, to)
	return nil
}

// record appends a FAULT or RESTORE event.
func record(c *cluster.Cluster, v trace.Verb, f Fault, to trace.Actor) {
	ev := trace.Event{Time: c.Now(), From: Actor, To: to, Verb: v, Detail: f.String()}
	if f.Kind == CrashContainer {
		ns, name, _ := strings.Cut(f.Target, "/")
		ev.Resource, ev.Namespace, ev.Name = "pods", ns, name
	}
	c.Trace().Append(ev)
}

// key is where a fault keeps what its restore needs.
func key(f Fault) string { return "fault: " + f.String() }

func apply(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	switch f.Kind {
	case CrashContainer:
		return crash(c, f.Target)
	case KillNode:
		n := c.Node(f.Target)
		if n == nil {
			return "", fmt.Errorf("no node %q", f.Target)
		}
		n.Kubelet.Stop()
		n.Proxy.Stop()
		return n.Kubelet.Name(), nil
	case KillControllerManager, KillScheduler:
		a, err := replica(c, f)
		if err != nil {
			return "", err
		}
		a.Stop()
		c.Remember(key(f), a)
		return a.Name(), nil
	case StopAPIServers:
		c.Plane().StopAll()
		return trace.APIServer, nil
	case KillAPIServer:
		return trace.Actor(f.Target), c.Plane().Kill(trace.Actor(f.Target))
	case BlockWebhook:
		c.Webhooks().Block(f.Target, true)
		return trace.Actor("webhook/" + f.Target), nil
	case BreakRBAC:
		return breakRBAC(c, f)
	case BreakEtcd:
		c.Plane().SetStoreAvailable(false)
		return trace.Actor("etcd"), nil
	case OverloadAPI:
		return startOverload(c, f)
	case RemoveKubeProxy:
		ps, err := proxies(c, f.Target)
		for _, p := range ps {
			p.Stop()
		}
		return proxyActor(f.Target), err
	}
	return "", fmt.Errorf("unknown fault kind %d", f.Kind)
}

func restore(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	switch f.Kind {
	case CrashContainer:
		// The kubelet restarts the container by itself.
		ns, name, _ := strings.Cut(f.Target, "/")
		return trace.Pod(ns, name), nil
	case KillNode:
		n := c.Node(f.Target)
		if n == nil {
			return "", fmt.Errorf("no node %q", f.Target)
		}
		n.Kubelet.Start()
		n.Proxy.Start()
		return n.Kubelet.Name(), nil
	case KillControllerManager, KillScheduler:
		v, ok := c.Recall(key(f))
		if !ok {
			return "", fmt.Errorf("not applied")
		}
		a := v.(interface {
			Start()
			Name() trace.Actor
		})
		a.Start()
		return a.Name(), nil
	case StopAPIServers:
		c.Plane().StartAll()
		return trace.APIServer, nil
	case KillAPIServer:
		return trace.Actor(f.Target), c.Plane().Restart(trace.Actor(f.Target))
	case BlockWebhook:
		c.Webhooks().Block(f.Target, false)
		return trace.Actor("webhook/" + f.Target), nil
	case BreakRBAC:
		return restoreRBAC(c, f)
	case BreakEtcd:
		c.Plane().SetStoreAvailable(true)
		return trace.Actor("etcd"), nil
	case OverloadAPI:
		return stopOverload(c, f)
	case RemoveKubeProxy:
		ps, err := proxies(c, f.Target)
		for _, p := range ps {
			p.Start()
		}
		return proxyActor(f.Target), err
	}
	return "", fmt.Errorf("unknown fault kind %d", f.Kind)
}
