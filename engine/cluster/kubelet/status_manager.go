package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// statusManager is the kubelet's status manager
// (pkg/kubelet/status/status_manager.go): it caches the status computed
// for each Pod, and sends each new status to the API server at once:
// a GET of the Pod, then a strategic-merge PATCH of pods/status with the
// fields that differ and the Pod's UID as precondition
// (pkg/util/pod/pod.go, PatchPodStatus). Once a Pod being deleted has a
// terminal phase in the API and its termination is finished, it deletes
// the Pod for good: DELETE with gracePeriodSeconds 0 and a UID
// precondition (syncPod, canBeDeleted).
//
// A status that could not be sent (the API server did not answer) is sent
// again by the manager's batch sync, every 10 s (syncPeriod), until it
// goes through. Simplification: the batch sync's reconciliation of a
// status someone else changed is not modelled.
type statusManager struct {
	l     *life
	cache map[string]*cachedStatus
	retry *sim.Timer
}

// statusSyncPeriod is the status manager's batch sync period
// (pkg/kubelet/status/status_manager.go, syncPeriod).
const statusSyncPeriod = 10 * time.Second

type cachedStatus struct {
	status   podStatus
	version  int
	finished bool // podIsFinished: the termination completed
	unsent   bool // the last sync failed
}

func newStatusManager(l *life) *statusManager {
	return &statusManager{l: l, cache: map[string]*cachedStatus{}}
}

// previous returns the status the kubelet last computed for the Pod, or
// the one in the API when it has none (a new Pod, or after a restart).
func (m *statusManager) previous(w *podWorker) podStatus {
	c, ok := m.cache[w.uid]
	return previousOf(w, c, ok)
}

// previousOf is previous for the Pod's cache entry c, looked up already
// (cached reports whether there was one).
func previousOf(w *podWorker, c *cachedStatus, cached bool) podStatus {
	if cached {
		return c.status
	}
	return parseStatus(w.pod)
}

// set is SetPodStatus.
func (m *statusManager) set(w *podWorker, s podStatus) { m.update(w, s, false, false) }

// update is updateStatusInternal: keep the conditions' transition times
// when their status did not change, keep the start time, then send the
// status if it differs from the cached one (or when forced).
func (m *statusManager) update(w *podWorker, s podStatus, force, finished bool) {
	cached, isCached := m.cache[w.uid]
	old := previousOf(w, cached, isCached)
	if isCached && cached.finished {
		finished = true
	}
	now := seconds(m.l.now())
	// The transition times are set in place: in a copy when s holds the
	// cached array (a status made from previous without copying it); the
	// statuses generated afresh have their own.
	if isCached && len(s.conditions) > 0 && len(cached.status.conditions) > 0 &&
		&s.conditions[0] == &cached.status.conditions[0] {
		s.conditions = append([]condition(nil), s.conditions...)
	}
	for i := range s.conditions {
		c := &s.conditions[i]
		c.lastTransition = now
		if o := old.condition(c.typ); o != nil && o.status == c.status {
			c.lastTransition = o.lastTransition
		}
	}
	switch {
	case old.hasStartTime:
		s.startTime, s.hasStartTime = old.startTime, true
	case !s.hasStartTime:
		s.startTime, s.hasStartTime = now, true
	}
	if old.observedGeneration > s.observedGeneration {
		s.observedGeneration = old.observedGeneration
	}
	if isCached && cached.status.equal(&s) && !force {
		return
	}
	version := 1
	if isCached {
		version = cached.version + 1
	}
	c := &cachedStatus{status: s, version: version, finished: finished}
	m.cache[w.uid] = c
	m.sync(w, c)
}

// sync is the status manager's syncPod for one Pod, whose cached status
// is c.
func (m *statusManager) sync(w *podWorker, c *cachedStatus) {
	l := m.l
	k := l.k
	c.unsent = true
	pod, err := client.Shared(l.client.DoGet(k.kinds.pods, w.v.Namespace, w.v.Name))
	if api.IsReason(err, api.ReasonNotFound) {
		c.unsent = false // the Pod is gone
		return
	}
	if err != nil {
		m.retryLater()
		return
	}
	if pod.Meta.UID != w.uid {
		delete(m.cache, w.uid) // deleted and created again under the same name
		return
	}
	merged := c.status
	// A rejected Pod never had a worker: it could not have containers
	// (podWorkers.CouldHaveRunningContainers).
	merged.mergeFrom(pod, !w.terminated && !w.rejected)
	if patch := statusPatch(pod, &merged, &w.rendered); patch != nil {
		updated, err := client.Shared(l.client.DoPatch(k.kinds.pods, w.v.Namespace, w.v.Name, api.StrategicMergePatch, patch, api.WriteOptions{}, "status"))
		if err != nil {
			m.retryLater()
			return
		}
		pod = updated
	}
	c.unsent = false
	if m.canBeDeleted(pod, c) {
		zero := int64(0)
		_, err := l.client.Delete(k.kinds.pods, w.v.Namespace, w.v.Name, api.DeleteOptions{
			GracePeriodSeconds: &zero, Preconditions: &api.Preconditions{UID: w.uid}})
		switch {
		case err == nil, api.IsReason(err, api.ReasonNotFound):
			delete(m.cache, w.uid)
		default:
			c.unsent = true
			m.retryLater()
		}
	}
}

// retryLater runs the batch sync at the next syncPeriod.
func (m *statusManager) retryLater() {
	l := m.l
	if m.retry == nil {
		m.retry = l.k.e.Loop.NewTimer(sim.Func(m.syncBatch))
	}
	if !m.retry.Pending() {
		m.retry.Reset(l.now().Add(statusSyncPeriod))
	}
}

// syncBatch sends again the statuses that did not go through, in the
// order the Pods were admitted.
func (m *statusManager) syncBatch() {
	l := m.l
	if l.stopped {
		return
	}
	for _, w := range append([]*podWorker(nil), l.order...) {
		if c, ok := m.cache[w.uid]; ok && c.unsent {
			m.sync(w, c)
		}
	}
}

// stop cancels the batch sync.
func (m *statusManager) stop() {
	if m.retry != nil {
		m.retry.Stop()
	}
}

// canBeDeleted: the Pod is being deleted, its phase in the API is
// terminal, and its termination finished.
func (m *statusManager) canBeDeleted(pod *object.Object, c *cachedStatus) bool {
	if pod.Meta.DeletionTimestamp == nil {
		return false
	}
	phase := pod.GetString(".status.phase")
	return (phase == phaseSucceeded || phase == phaseFailed) && c.finished
}

// mergeFrom is mergePodStatus: a status does not become terminal in the
// API while the Pod could still have running containers; and a terminal
// status is never Ready.
func (s *podStatus) mergeFrom(pod *object.Object, couldHaveRunningContainers bool) {
	oldPhase := pod.GetString(".status.phase")
	oldTerminal := oldPhase == phaseSucceeded || oldPhase == phaseFailed
	if !oldTerminal && s.terminal() && couldHaveRunningContainers {
		s.phase = oldPhase
		s.reason, s.message = pod.GetString(".status.reason"), pod.GetString(".status.message")
	}
	if s.terminal() {
		conds := append([]condition(nil), s.conditions...)
		for i := range conds {
			if (conds[i].typ == condReady || conds[i].typ == condContainers) && conds[i].status == "True" {
				t := terminalCondition(conds[i].typ, s.phase, conds[i].observedGeneration)
				t.lastTransition = conds[i].lastTransition
				conds[i] = t
			}
		}
		s.conditions = conds
	}
}

// forget drops a Pod's cached status.
func (m *statusManager) forget(uid string) { delete(m.cache, uid) }

// deleteIfFinished syncs a finished Pod that is being deleted, which
// deletes it.
func (m *statusManager) deleteIfFinished(w *podWorker) {
	if c, ok := m.cache[w.uid]; ok && c.finished {
		m.sync(w, c)
	}
}
