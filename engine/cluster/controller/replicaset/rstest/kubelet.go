package rstest

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The stand-in's trace actors and its illustrative delays.
const (
	SchedulerActor trace.Actor = "fake-scheduler"
	KubeletActor   trace.Actor = "fake-kubelet"
	// ReadyAfter is how long after binding a Pod is reported Running and
	// Ready.
	ReadyAfter = 2 * time.Second
	// TerminateAfter is how long a Pod being deleted takes to stop before
	// the kubelet deletes it for good.
	TerminateAfter = 1 * time.Second
)

// NeverReadyPrefix marks images whose containers run but never pass
// their readiness probe.
const NeverReadyPrefix = "never-ready"

// FakeKubelet binds unscheduled Pods to its nodes in turn, reports bound
// Pods Running (and Ready, unless their image starts with
// NeverReadyPrefix) ReadyAfter later, and finishes the deletion of Pods
// being deleted TerminateAfter after it sees them.
type FakeKubelet struct {
	loop      *sim.Loop
	scheduler *client.Client
	kubelet   *client.Client
	pods      *object.KindInfo
	inf       *cache.SharedInformer
	nodes     []string
	next      int
	started   map[string]bool // Pod UIDs reported or waiting to be
	stopping  map[string]bool
	stopped   bool
}

// StartKubelet starts the stand-in for the given node names.
func (c *Cluster) StartKubelet(nodes ...string) *FakeKubelet {
	e := c.Env
	k := &FakeKubelet{loop: e.Loop, scheduler: e.Client(SchedulerActor, ""), kubelet: e.Client(KubeletActor, ""),
		pods: c.Kind("", "Pod"), nodes: nodes, started: map[string]bool{}, stopping: map[string]bool{}}
	k.inf = cache.NewSharedInformer(k.kubelet, k.pods, cache.Filter{}, 0)
	_, _ = k.inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    k.observe,
		UpdateFunc: func(_, p *object.Object) { k.observe(p) },
	})
	k.inf.Run()
	c.Kubelet = k
	return k
}

// Stop stops the stand-in.
func (k *FakeKubelet) Stop() {
	k.stopped = true
	k.inf.Stop()
}

func (k *FakeKubelet) observe(p *object.Object) {
	if k.stopped || podPhase(p) == "Succeeded" || podPhase(p) == "Failed" {
		return
	}
	uid := p.Meta.UID
	if p.Meta.DeletionTimestamp != nil {
		if !k.stopping[uid] {
			k.stopping[uid] = true
			ns, name := p.Meta.Namespace, p.Meta.Name
			k.loop.After(TerminateAfter, func() { k.finish(ns, name, uid) })
		}
		return
	}
	node, _ := mapAt(p.Content, "spec")["nodeName"].(string)
	if node == "" {
		k.bind(p)
		return
	}
	if !k.started[uid] {
		k.started[uid] = true
		ns, name := p.Meta.Namespace, p.Meta.Name
		ready := !strings.HasPrefix(firstImage(p), NeverReadyPrefix)
		k.loop.After(ReadyAfter, func() { k.run(ns, name, ready) })
	}
}

func (k *FakeKubelet) bind(p *object.Object) {
	if len(k.nodes) == 0 {
		return
	}
	node := k.nodes[k.next%len(k.nodes)]
	k.next++
	k.scheduler.CreateSubresource(k.pods, p.Meta.Namespace, p.Meta.Name, "binding", map[string]any{
		"apiVersion": "v1", "kind": "Binding",
		"metadata": map[string]any{"name": p.Meta.Name, "namespace": p.Meta.Namespace, "uid": p.Meta.UID},
		"target":   map[string]any{"apiVersion": "v1", "kind": "Node", "name": node},
	})
}

// run reports the Pod Running with its Ready condition.
func (k *FakeKubelet) run(ns, name string, ready bool) {
	if k.stopped {
		return
	}
	now := object.FormatTime(k.loop.Now().Wall())
	readyStatus := "False"
	if ready {
		readyStatus = "True"
	}
	cond := func(t, s string) map[string]any {
		return map[string]any{"type": t, "status": s, "lastTransitionTime": now}
	}
	_, _ = k.kubelet.Patch(k.pods, ns, name, api.StrategicMergePatch, map[string]any{"status": map[string]any{
		"phase": "Running", "startTime": now,
		"conditions": []any{cond("PodReadyToStartContainers", "True"), cond("Initialized", "True"),
			cond("Ready", readyStatus), cond("ContainersReady", readyStatus)},
	}}, api.WriteOptions{}, "status")
}

// finish deletes a terminated Pod for good (grace period 0).
func (k *FakeKubelet) finish(ns, name, uid string) {
	if k.stopped {
		return
	}
	zero := int64(0)
	_, _ = k.kubelet.Delete(k.pods, ns, name, api.DeleteOptions{GracePeriodSeconds: &zero,
		Preconditions: &api.Preconditions{UID: uid}})
}

func podPhase(p *object.Object) string {
	s, _ := mapAt(p.Content, "status")["phase"].(string)
	return s
}

func firstImage(p *object.Object) string {
	cs, _ := mapAt(p.Content, "spec")["containers"].([]any)
	if len(cs) == 0 {
		return ""
	}
	m, _ := cs[0].(map[string]any)
	s, _ := m["image"].(string)
	return s
}

func mapAt(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ = m[k].(map[string]any)
	}
	return m
}
