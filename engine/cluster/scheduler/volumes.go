package scheduler

import (
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
)

// volumeInformers are the claim, volume and StorageClass informers that
// VolumeBinding reads, as kube-scheduler's informer factory starts them
// for the default profile (volumebinding.New).
type volumeInformers struct {
	claims, volumes, classes *cache.SharedInformer
}

// synced reports whether every volume informer has synced.
func (v volumeInformers) synced() bool {
	return v.claims != nil && v.claims.HasSynced() && v.volumes.HasSynced() && v.classes.HasSynced()
}

// startVolumeInformers makes the informers and tells the queue of their
// events: a claim, volume or class added or updated may make a Pod that
// VolumeBinding rejected schedulable (eventhandlers.go,
// addAllEventHandlers).
func (s *Scheduler) startVolumeInformers() {
	e := s.env
	s.vols = volumeInformers{
		claims:  s.factory.Informer(e.Kind("", "PersistentVolumeClaim")),
		volumes: s.factory.Informer(e.Kind("", "PersistentVolume")),
		classes: s.factory.Informer(e.Kind("storage.k8s.io", "StorageClass")),
	}
	on := func(inf *cache.SharedInformer, res framework.EventResource) {
		inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
			AddFunc: func(o *object.Object) {
				s.queue.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: res, ActionType: framework.Add}, nil, o, nil)
			},
			UpdateFunc: func(o, n *object.Object) {
				s.queue.MoveAllToActiveOrBackoffQueue(framework.ClusterEvent{Resource: res, ActionType: framework.Update}, o, n, nil)
			},
		})
	}
	on(s.vols.claims, framework.PersistentVolumeClaim)
	on(s.vols.volumes, framework.PersistentVolume)
	on(s.vols.classes, framework.StorageClass)
}

// volumeAccess is one scheduler process' plugins.Volumes: its informers,
// its client, and the loop; callbacks of a stopped process are dropped.
type volumeAccess struct {
	s    *Scheduler
	proc int
}

func (v volumeAccess) live() bool { return v.s.proc == v.proc && v.s.running }

// Claim returns PersistentVolumeClaim namespace/name from the informer.
func (v volumeAccess) Claim(namespace, name string) (*object.Object, bool) {
	return v.s.vols.claims.Lister().Get(namespace, name)
}

// Volume returns PersistentVolume name from the informer.
func (v volumeAccess) Volume(name string) (*object.Object, bool) {
	return v.s.vols.volumes.Lister().Get("", name)
}

// StorageClass returns StorageClass name from the informer.
func (v volumeAccess) StorageClass(name string) (*object.Object, bool) {
	if name == "" {
		return nil, false
	}
	return v.s.vols.classes.Lister().Get("", name)
}

// PersistentVolumes returns every volume, sorted by name.
func (v volumeAccess) PersistentVolumes() []*object.Object {
	out := v.s.vols.volumes.Lister().List(object.LabelSelector{})
	slices.SortFunc(out, func(a, b *object.Object) int { return strings.Compare(a.Meta.Name, b.Meta.Name) })
	return out
}

// PodUID returns the UID of Pod namespace/name in the Pod informer.
func (v volumeAccess) PodUID(namespace, name string) string {
	if p, ok := v.s.podInf.Lister().Get(namespace, name); ok {
		return p.Meta.UID
	}
	return ""
}

// UpdateClaim writes a claim through the scheduler's client
// (system:volume-scheduler allows it).
func (v volumeAccess) UpdateClaim(pvc *object.Object, done func(*object.Object, error)) {
	v.update(v.s.env.Kind("", "PersistentVolumeClaim"), pvc, done)
}

// UpdateVolume writes a volume through the scheduler's client.
func (v volumeAccess) UpdateVolume(pv *object.Object, done func(*object.Object, error)) {
	v.update(v.s.env.Kind("", "PersistentVolume"), pv, done)
}

func (v volumeAccess) update(k *object.KindInfo, o *object.Object, done func(*object.Object, error)) {
	if !v.live() {
		return
	}
	got, err := v.s.client.Update(k, o, api.WriteOptions{})
	if v.live() {
		done(got, err)
	}
}

// After runs f after d unless the process stopped meanwhile.
func (v volumeAccess) After(d time.Duration, f func()) (stop func()) {
	t := v.s.env.Loop.After(d, func() {
		if v.live() {
			f()
		}
	})
	return func() { t.Stop() }
}
