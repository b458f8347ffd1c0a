package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The event types (k8s.io/api/core/v1/types.go, EventTypeNormal and
// EventTypeWarning); other types are refused, as util.ValidateEventType
// refuses them.
const (
	Normal  = "Normal"
	Warning = "Warning"
)

// reference is a core/v1 ObjectReference to the object an Event is about
// (k8s.io/client-go/tools/reference, GetReference).
type reference struct {
	Kind, Namespace, Name, UID, APIVersion, ResourceVersion string
}

func referenceTo(o *object.Object) reference {
	return reference{Kind: o.Kind, Namespace: o.Meta.Namespace, Name: o.Meta.Name,
		UID: o.Meta.UID, APIVersion: o.APIVersion, ResourceVersion: o.Meta.ResourceVersion}
}

// event is a core/v1 Event while the recorder holds it.
type event struct {
	Name, Namespace, ResourceVersion string
	Involved                         reference
	Type, Reason, Message            string
	Component, Host                  string
	First, Last                      time.Time
	Count                            int64
}

// name is util.GenerateEventName: OBJECT.HEXNANOS
// (k8s.io/client-go/tools/record/util/util.go).
func eventName(objName string, t time.Time) string {
	return fmt.Sprintf("%s.%x", objName, t.UnixNano())
}

// key is getEventKey: the identity of a repeated Event (events_cache.go).
func (e *event) key() string {
	r := e.Involved
	return strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, "", r.UID, r.APIVersion, e.Type, e.Reason, e.Message}, "")
}

// spamKey is getSpamKey: the source, the object and the type.
func (e *event) spamKey() string {
	r := e.Involved
	return strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, r.UID, r.APIVersion, e.Type}, "")
}

// aggregateKey is EventAggregatorByReasonFunc: everything but the message
// (reportingController and reportingInstance are the component and host).
func (e *event) aggregateKey() string {
	r := e.Involved
	return strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, r.UID, r.APIVersion, e.Type, e.Reason, e.Component, e.Host}, "")
}

// toObject renders the Event as the API stores it.
func (e *event) toObject() *object.Object {
	o := object.New("v1", "Event")
	o.Meta.Name, o.Meta.Namespace, o.Meta.ResourceVersion = e.Name, e.Namespace, e.ResourceVersion
	r := e.Involved
	ref := map[string]any{"kind": r.Kind, "name": r.Name, "apiVersion": r.APIVersion}
	for k, v := range map[string]string{"namespace": r.Namespace, "uid": r.UID, "resourceVersion": r.ResourceVersion} {
		if v != "" {
			ref[k] = v
		}
	}
	o.Content = map[string]any{
		"involvedObject":     ref,
		"reason":             e.Reason,
		"message":            e.Message,
		"source":             source(e.Component, e.Host),
		"firstTimestamp":     object.FormatTime(e.First),
		"lastTimestamp":      object.FormatTime(e.Last),
		"count":              e.Count,
		"type":               e.Type,
		"reportingComponent": e.Component,
		"reportingInstance":  e.Host,
	}
	return o
}

func source(component, host string) map[string]any {
	s := map[string]any{}
	if component != "" {
		s["component"] = component
	}
	if host != "" {
		s["host"] = host
	}
	return s
}
