package kubelet

import (
	"reflect"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// podSource receives the Pods bound to the node from the kubelet's
// filtered informer (spec.nodeName=NODE) and hands them to their workers,
// as the kubelet's config source and syncLoop do (HandlePodAdditions,
// HandlePodUpdates, HandlePodRemoves).
type podSource struct{ l *life }

// OnAdd admits a new Pod and starts its worker.
func (s podSource) OnAdd(pod *object.Object, _ bool) {
	l := s.l
	if w := l.workers[pod.Meta.UID]; w != nil {
		s.OnUpdate(w.pod, pod)
		return
	}
	w := newPodWorker(l, pod)
	admitted, reason, message := true, "", ""
	if !w.v.Deleting && !w.v.IsTerminal() {
		admitted, reason, message = l.admit(&w.v)
	}
	l.workers[w.uid] = w
	l.order = append(l.order, w)
	if !admitted {
		w.rejected = true
		l.status.reject(w, reason, message)
		return
	}
	w.sync()
}

// OnUpdate hands a changed Pod to its worker. Only changes the kubelet
// acts on start a sync: the spec, the labels and annotations, the
// deletion timestamp and grace period (pkg/kubelet/config/config.go,
// checkAndUpdatePod); a change of status alone (the kubelet's own
// patches) does not.
func (s podSource) OnUpdate(old, pod *object.Object) {
	l := s.l
	w := l.workers[pod.Meta.UID]
	if w == nil {
		s.OnAdd(pod, false)
		return
	}
	prev := w.pod
	w.setPod(pod)
	if w.rejected {
		return
	}
	if podsDiffer(prev, pod) {
		w.syncOrWait()
	}
}

// podsDiffer reports whether a Pod changed in what the kubelet acts on.
func podsDiffer(a, b *object.Object) bool {
	am, bm := &a.Meta, &b.Meta
	if (am.DeletionTimestamp == nil) != (bm.DeletionTimestamp == nil) ||
		!reflect.DeepEqual(am.DeletionGracePeriodSeconds, bm.DeletionGracePeriodSeconds) {
		return true
	}
	if am.Generation != bm.Generation {
		return true
	}
	return !reflect.DeepEqual(am.Labels, bm.Labels) || !reflect.DeepEqual(am.Annotations, bm.Annotations) ||
		!object.EqualValues(a.Content["spec"], b.Content["spec"])
}

// OnDelete handles a Pod gone from the API: after the kubelet's own final
// delete, the worker is forgotten; a Pod removed before it terminated (a
// force delete) is killed first.
func (s podSource) OnDelete(obj any) {
	pod, ok := cache.ObjectOf(obj)
	if !ok {
		return
	}
	l := s.l
	w := l.workers[pod.Meta.UID]
	if w == nil {
		return
	}
	w.setPod(pod)
	w.killRequested = true
	if w.terminated || w.rejected {
		l.forget(w)
		return
	}
	w.syncOrWait()
}

// forget drops a worker whose Pod is gone from the API and which has
// terminated; the container GC removes what is left in the runtime.
func (l *life) forget(w *podWorker) {
	if l.workers[w.uid] != w {
		return
	}
	delete(l.workers, w.uid)
	for i, x := range l.order {
		if x == w {
			l.order = append(l.order[:i:i], l.order[i+1:]...)
			break
		}
	}
	l.status.forget(w.uid)
	l.probes.removePod(w)
	l.crashLoop.forgetPod(w.uid)
	l.gc.request()
}
