package record

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Sink retries (k8s.io/client-go/tools/record/event.go): an Event that
// could not reach the server is tried at most 12 times, 10 s apart, the
// first wait drawn at random below 10 s.
const (
	maxTriesPerEvent = 12
	retryPeriod      = 10 * time.Second
)

// Recorder writes the Events of one component through its client
// (EventRecorder from a broadcaster whose sink is the component's own
// clientset). The zero Recorder is not usable; call New.
type Recorder struct {
	c         *client.Client
	kind      *object.KindInfo
	component string
	host      string
	src       sourceValues // component and host as Event field values
	corr      *correlator
	last      time.Time // the last Event's timestamp, to keep names apart
	stopped   bool
}

// New returns a recorder for component (the Event's source.component and
// reportingComponent, "replicaset-controller") on host (source.host and
// reportingInstance: the node for a kubelet, "" for controllers). kinds
// must know core/v1 Event.
func New(c *client.Client, kinds *object.Registry, component, host string) *Recorder {
	k, ok := kinds.ByKind("v1", "Event")
	if !ok {
		panic("record: core/v1 Event is not registered")
	}
	return &Recorder{c: c, kind: k, component: component, host: host,
		src: sourceValues{component: component, host: host}, corr: newCorrelator()}
}

// Eventf records an Event about obj with a formatted message, as
// EventRecorder.Eventf. obj is only read.
func (r *Recorder) Eventf(obj *object.Object, eventType, reason, messageFmt string, args ...any) {
	r.Event(obj, eventType, reason, fmt.Sprintf(messageFmt, args...))
}

// Event records an Event about obj. Events of an unknown type are dropped,
// as client-go drops them.
func (r *Recorder) Event(obj *object.Object, eventType, reason, message string) {
	if r.stopped || (eventType != Normal && eventType != Warning) {
		return
	}
	now := r.c.Loop.Now().Wall()
	if !now.After(r.last) {
		now = r.last.Add(time.Nanosecond)
	}
	r.last = now
	ns := obj.Meta.Namespace
	if ns == "" {
		ns = "default" // makeEvent: metav1.NamespaceDefault
	}
	e := &event{Name: EventName(obj.Meta.Name, now), Namespace: ns, Involved: referenceTo(obj),
		Type: eventType, Reason: reason, Message: message,
		Component: r.component, Host: r.host, First: now, Last: now, Count: 1}
	out, patch, skip := r.corr.correlate(e, now)
	if skip {
		return
	}
	r.write(out, patch, 1)
}

// Stop drops the Events still waiting for a retry and records no more: a
// stopped process writes nothing.
func (r *Recorder) Stop() { r.stopped = true }

// write is recordToSink and recordEvent: patch an Event seen before
// (falling back to a create when it is gone), create a new one; retry
// when no server answered, give up on any answer that refuses it.
func (r *Recorder) write(e *event, patch bool, try int) {
	if r.stopped {
		return
	}
	var err error
	var stored *object.Object
	// Only the stored Event's name and resourceVersion are read: the
	// answers are taken shared, not copied; toObject builds a new object
	// for each request, which hands it over.
	if patch {
		stored, err = client.Shared(r.c.Do(client.PatchRequest(r.kind, e.Namespace, e.Name, api.StrategicMergePatch, map[string]any{
			"count": e.Count, "lastTimestamp": object.FormatTime(e.Last), "message": e.Message,
		}, api.WriteOptions{}), nil))
	}
	if !patch || api.IsReason(err, api.ReasonNotFound) {
		e.ResourceVersion = ""
		stored, err = client.Shared(r.c.DoCreateOwning(r.kind, e.toObject(r.src), api.WriteOptions{}))
	}
	if err == nil {
		r.corr.written(e, stored.Meta.Name, stored.Meta.ResourceVersion)
		return
	}
	if !client.IsConnectionRefused(err) || try >= maxTriesPerEvent {
		return // "Server rejected event (will not retry!)"
	}
	delay := retryPeriod
	if try == 1 {
		delay = time.Duration(float64(delay) * r.c.Float64())
	}
	r.c.Loop.After(delay, func() { r.write(e, patch, try+1) })
}
