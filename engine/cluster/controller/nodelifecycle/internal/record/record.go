// Package record writes core/v1 Events for the node lifecycle and taint
// eviction controllers, as client-go's event recorder does
// (k8s.io/client-go/tools/record/event.go, makeEvent): one Event per call,
// named "<object>.<hex nanoseconds>" (tools/record/util, GenerateEventName),
// in the object's namespace or "default" for a cluster-scoped object, with
// count 1, firstTimestamp = lastTimestamp = now, and the recorder's source
// as source.component and reportingComponent.
//
// Simplifications: the Event is written at once, not by the broadcaster's
// goroutine; the correlator's aggregation and spam filter are not modelled
// (they only matter past 10 similar Events, or 25 from one source).
package record

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Event types (v1.EventTypeNormal, v1.EventTypeWarning).
const (
	Normal  = "Normal"
	Warning = "Warning"
)

// Ref is the object an Event is about (v1.ObjectReference).
type Ref struct {
	Kind, Namespace, Name, UID string
}

// Recorder writes Events through a client, as Component.
type Recorder struct {
	Client    *client.Client
	Kind      *object.KindInfo // core/v1 Event
	Loop      *sim.Loop
	Component string
}

// Event writes one Event; a failure is dropped, as the broadcaster drops
// Events it cannot write.
func (r *Recorder) Event(ref Ref, eventType, reason, message string) {
	now := r.Loop.Now()
	ts := now.RFC3339()
	ns := ref.Namespace
	if ns == "" {
		ns = "default"
	}
	o := object.New("v1", "Event")
	o.Meta = object.Meta{Name: record.EventName(ref.Name, now.Wall()), Namespace: ns}
	involved := map[string]any{"apiVersion": "v1", "kind": ref.Kind, "name": ref.Name}
	if ref.Namespace != "" {
		involved["namespace"] = ref.Namespace
	}
	if ref.UID != "" {
		involved["uid"] = ref.UID
	}
	o.Content["involvedObject"] = involved
	o.Content["reason"] = reason
	o.Content["message"] = message
	o.Content["type"] = eventType
	o.Content["source"] = map[string]any{"component": r.Component}
	o.Content["reportingComponent"] = r.Component
	o.Content["reportingInstance"] = ""
	o.Content["firstTimestamp"] = ts
	o.Content["lastTimestamp"] = ts
	o.Content["count"] = int64(1)
	_ = r.Client.DoCreateOwning(r.Kind, o, api.WriteOptions{}) // o is new, all of it
}

// Eventf is Event with a formatted message.
func (r *Recorder) Eventf(ref Ref, eventType, reason, format string, args ...any) {
	r.Event(ref, eventType, reason, fmt.Sprintf(format, args...))
}
