package kubelet

import (
	"fmt"
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Mounted ConfigMaps and Secrets follow updates: at each periodic sync of a
// running Pod, SyncPod's WaitForAttachAndMount asks the volume manager to
// process the Pod again, its desired-state populator marks the volumes
// whose plugin requires a remount, and the reconciler sets them up again,
// reading the objects anew and rewriting the files that changed
// (pkg/kubelet/volumemanager/volume_manager.go, ReprocessPod;
// populator/desired_state_of_world_populator.go, MarkRemountRequired;
// pkg/volume/configmap/configmap.go, SetUpAt; pkg/volume/util/atomic_writer.go,
// which writes only a payload that differs). The container sees the new
// files through its mount of the volume's directory — in the model, the
// same file map the runtime was given. A subPath mount is a bind mount of
// one file and is never updated (containerMounts copies its content); the
// environment is captured when the container is created.
//
// So a change is visible at most one periodic sync (1 to 1.5 minutes, see
// workerResyncJitter) plus the tick after the object changed ("kubelet
// sync period + cache propagation delay", the "Mounted ConfigMaps are
// updated automatically" section of the ConfigMaps concept page; the
// propagation delay is 0 under the Get strategy the model uses).
//
// Each rewrite that changes files is a SYNC event of the kubelet for the
// Pod, with the files (VOLUME/PATH) set, changed and removed.
//
// Simplifications: only the volume part of the periodic sync is modelled
// (the rest of SyncPod runs on events); the populator's and reconciler's
// 100 ms loops are folded into the sync's tick; a volume whose object is
// missing keeps its files (SetUp fails, and is retried at the next sync).

// workerResyncJitter is workerResyncIntervalJitterFactor
// (pkg/kubelet/pod_workers.go): after a successful sync the next periodic
// one comes wait.Jitter(syncFrequency, 0.5) later — syncFrequency is 1
// minute (resyncInterval, pkg/kubelet/apis/config/v1beta1/defaults.go).
const workerResyncJitter = 0.5

// requiresRemount reports whether a volume's plugin sets it up again at
// each sync: RequiresRemount is true for configMap, secret, projected and
// downwardAPI (pkg/volume/configmap/configmap.go, secret/secret.go,
// projected/projected.go, downwardapi/downwardapi.go) and false for the
// others.
func requiresRemount(vm map[string]any) bool {
	return vm["configMap"] != nil || vm["secret"] != nil || vm["projected"] != nil || vm["downwardAPI"] != nil
}

// remountHandler runs a Pod's periodic remount; a Handler so that
// re-arming allocates nothing.
type remountHandler struct{ w *podWorker }

func (h remountHandler) Fire() { h.w.remount() }

// scheduleRemount arms the Pod's next periodic sync of its volumes, on the
// sync loop's grid, if it has a volume that requires a remount.
func (w *podWorker) scheduleRemount() {
	needed := false
	for _, v := range list(w.pod.Spec()["volumes"]) {
		if vm, _ := v.(map[string]any); requiresRemount(vm) {
			needed = true
			break
		}
	}
	if !needed {
		return
	}
	l := w.l
	if w.remountTimer == nil {
		w.remountTimer = l.k.e.Loop.NewTimer(remountHandler{w})
	}
	d := l.k.e.Rand.Jitter(resyncInterval, workerResyncJitter)
	w.remountTimer.Reset(l.loop.nextTick(l.now().Add(d)))
}

// remount sets up the Pod's remountable volumes again and rewrites, in
// place, the files that changed. A Pod that is terminating, gone, or on a
// stopped kubelet is not synced any more.
func (w *podWorker) remount() {
	l := w.l
	if l.stopped || l.workers[w.uid] != w || !w.mounted || w.terminating || w.terminated || w.killRequested || w.v.Deleting {
		return
	}
	_, get := w.objectGetter()
	var ch trace.Change
	for _, v := range list(w.pod.Spec()["volumes"]) {
		vm, _ := v.(map[string]any)
		name := str(vm["name"])
		cur, ok := w.mounts[name]
		if !ok || !requiresRemount(vm) {
			continue
		}
		files, err := w.volumeFiles(vm, get, cur.Files)
		if err != "" {
			continue
		}
		rewrite(name, cur.Files, files, &ch)
	}
	if !ch.IsZero() {
		n := len(ch.Set) + len(ch.Changed) + len(ch.Removed)
		l.k.e.Log.Append(trace.Event{Time: l.now(), From: l.k.actor, Verb: trace.Sync, Resource: "pods",
			Namespace: w.v.Namespace, Name: w.v.Name, Change: ch.OrNil(), Detail: fmt.Sprintf("volumes: %d files updated", n)})
	}
	w.scheduleRemount()
}

// rewrite makes dir hold files, changing it in place, and records each
// file set, changed or removed as VOLUME/PATH, sorted.
func rewrite(volume string, dir, files map[string]string, ch *trace.Change) {
	var set, changed, removed []string
	for p, content := range files {
		old, ok := dir[p]
		switch {
		case !ok:
			set = append(set, volume+"/"+p)
		case old != content:
			changed = append(changed, volume+"/"+p)
		default:
			continue
		}
		dir[p] = content
	}
	for p := range dir {
		if _, ok := files[p]; !ok {
			removed = append(removed, volume+"/"+p)
			delete(dir, p)
		}
	}
	sort.Strings(set)
	sort.Strings(changed)
	sort.Strings(removed)
	ch.Set = append(ch.Set, set...)
	ch.Changed = append(ch.Changed, changed...)
	ch.Removed = append(ch.Removed, removed...)
}
