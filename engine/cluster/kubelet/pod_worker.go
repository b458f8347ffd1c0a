package kubelet

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// podWorker is the kubelet's worker for one Pod (pkg/kubelet/pod_workers.go):
// it syncs the Pod one step at a time, never two at once. A sync asked for
// while a step is in flight (a pull, a container start, a termination)
// runs after it, at the next tick.
type podWorker struct {
	l   *life
	uid string
	pod *object.Object // the latest from the API
	v   object.PodView

	busy     bool     // a step is in flight
	tickedAt sim.Time // the tick that last synced it
	pending  bool     // a sync was asked for while busy
	waiting  bool     // in the loop's waiting list

	rejected     bool                     // admission refused it
	mounted      bool                     // its volumes are set up
	mounts       map[string]runtime.Mount // by volume name
	env          map[string][]runtime.EnvVar
	envObjects   map[string]*object.Object // the ConfigMaps and Secrets read, by "resource/name"
	remountTimer *sim.Timer                // the next periodic sync of its volumes
	probesAdded  bool
	reasons      map[string]reason // the reason cache, by container name; nil until one is set
	sandboxID    string            // the current sandbox

	killRequested bool // the Pod left the API before it terminated
	terminating   bool // termination started
	terminated    bool // containers and sandbox stopped
	finished      bool // the terminal status was handed to the status manager

	pleg     plegRecord
	scratch  []runtime.ContainerStatus
	rendered renderCache // its status as last rendered for a patch

	qosOf *object.Object // the Pod object qos was computed for
	qos   string         // see qosClass
}

// reason is why a container could not start, shown as its waiting state
// (pkg/kubelet/reason_cache.go).
type reason struct {
	err, message string
}

func newPodWorker(l *life, pod *object.Object) *podWorker {
	w := &podWorker{l: l, uid: pod.Meta.UID, tickedAt: -1}
	w.rendered.node = &l.renders
	w.setPod(pod)
	return w
}

// setReason records why container name could not start. Most Pods start
// their containers at the first try, so the cache is made at the first
// reason.
func (w *podWorker) setReason(name string, r reason) {
	if w.reasons == nil {
		w.reasons = map[string]reason{}
	}
	w.reasons[name] = r
}

// qosClass is object.PodQOSClass(w.pod), computed once for each Pod
// object (stored objects are never modified).
func (w *podWorker) qosClass() string {
	if w.qosOf != w.pod {
		w.qosOf, w.qos = w.pod, object.PodQOSClass(w.pod)
	}
	return w.qos
}

func (w *podWorker) setPod(pod *object.Object) {
	w.pod = pod
	w.v = object.ViewPod(pod)
}

// syncOrWait syncs now, or after the step in flight.
func (w *podWorker) syncOrWait() {
	if w.busy {
		w.pending = true
		return
	}
	w.sync()
}

// begin marks a step in flight.
func (w *podWorker) begin() { w.busy = true }

// end marks the step done; a sync asked for meanwhile runs at the next
// tick.
func (w *podWorker) end() {
	w.busy = false
	if w.pending {
		w.pending = false
		w.l.loop.wait(w)
	}
}

// requeue asks for a sync after d, with the pod worker's jitter
// (completeWork: wait.Jitter(d, 0.5)).
func (w *podWorker) requeue(d time.Duration) {
	w.l.loop.enqueue(w, w.l.k.e.Rand.Jitter(d, workerBackOffJitter))
}

// workerBackOffJitter is workerBackOffPeriodJitterFactor
// (pkg/kubelet/pod_workers.go).
const workerBackOffJitter = 0.5

// backOffPeriod is the pod worker's back-off after a failed sync
// (pkg/kubelet/kubelet.go, backOffPeriod = 10 s), and resyncInterval caps
// the wait for a back-off's end (syncFrequency, 1 minute).
const (
	backOffPeriod  = 10 * time.Second
	resyncInterval = time.Minute
)

// requeueAfterBackoff asks for a sync when a back-off ends at t, capped at
// the resync interval (completeWork).
func (w *podWorker) requeueAt(t sim.Time) {
	d := t.Sub(w.l.now())
	if d < 0 {
		d = 0
	}
	if d > resyncInterval {
		d = resyncInterval
	}
	w.requeue(d)
}

// podFullName is the Pod's name in kubelet messages: NAME_NAMESPACE
// (pkg/kubelet/container/helpers.go, GetPodFullName).
func (w *podWorker) podFullName() string { return w.v.Name + "_" + w.v.Namespace }

// formatPod formats the Pod as the kubelet's messages do:
// NAME_NAMESPACE(UID) (pkg/kubelet/util/format/pod.go).
func (w *podWorker) formatPod() string { return w.podFullName() + "(" + w.uid + ")" }
