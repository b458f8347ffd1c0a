package record

import (
	"strconv"
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

	// cachedKey is key(), once built; spamKeyLen is the length of its
	// start that is the spam key.
	cachedKey  string
	spamKeyLen int
}

// EventName is util.GenerateEventName, the name of a new Event about the
// object named objName at t: OBJECT.HEXNANOS
// (k8s.io/client-go/tools/record/util/util.go). It is fmt's "%s.%x" built
// in one allocation, as every Event written needs one.
func EventName(objName string, t time.Time) string {
	var hex [17]byte // a sign and 16 hex digits
	digits := strconv.AppendInt(hex[:0], t.UnixNano(), 16)
	var b strings.Builder
	b.Grow(len(objName) + 1 + len(digits))
	b.WriteString(objName)
	b.WriteByte('.')
	b.Write(digits)
	return b.String()
}

// key is getEventKey: the identity of a repeated Event (events_cache.go),
// the source, the object, the type, the reason and the message. It is
// built once per Event; its start is the spam key.
func (e *event) key() string {
	if e.cachedKey == "" {
		r := e.Involved
		e.cachedKey = strings.Join([]string{e.Component, e.Host, r.Kind, r.Namespace, r.Name, r.UID, r.APIVersion, e.Type, e.Reason, e.Message}, "")
		e.spamKeyLen = len(e.Component) + len(e.Host) + len(r.Kind) + len(r.Namespace) + len(r.Name) + len(r.UID) + len(r.APIVersion) + len(e.Type)
	}
	return e.cachedKey
}

// spamKey is getSpamKey: the source, the object and the type, the start of
// the key.
func (e *event) spamKey() string {
	return e.key()[:e.spamKeyLen]
}

// aggregateKey is EventAggregatorByReasonFunc: everything but the message
// (reportingController and reportingInstance are the component and host),
// the key up to the reason, then the component and host again.
func (e *event) aggregateKey() string {
	return e.key()[:e.spamKeyLen+len(e.Reason)] + e.Component + e.Host
}

// sourceValues are a recorder's component and host as the values of an
// Event's fields: made once, as each Event repeats them twice.
type sourceValues struct {
	component, host any
}

// toObject renders the Event as the API stores it; src are its Component
// and Host as values.
func (e *event) toObject(src sourceValues) *object.Object {
	o := &object.Object{APIVersion: "v1", Kind: "Event"}
	o.Meta.Name, o.Meta.Namespace, o.Meta.ResourceVersion = e.Name, e.Namespace, e.ResourceVersion
	first := any(object.FormatTime(e.First))
	last := first
	if e.Last != e.First {
		last = object.FormatTime(e.Last)
	}
	o.Content = map[string]any{
		"involvedObject":     e.Involved.toMap(),
		"reason":             e.Reason,
		"message":            e.Message,
		"source":             source(e.Component, e.Host, src),
		"firstTimestamp":     first,
		"lastTimestamp":      last,
		"count":              e.Count,
		"type":               e.Type,
		"reportingComponent": src.component,
		"reportingInstance":  src.host,
	}
	return o
}

// toMap renders the reference as an Event's involvedObject, which leaves
// out the empty namespace, uid and resourceVersion.
func (r reference) toMap() map[string]any {
	m := make(map[string]any, 6)
	m["kind"], m["name"], m["apiVersion"] = r.Kind, r.Name, r.APIVersion
	if r.Namespace != "" {
		m["namespace"] = r.Namespace
	}
	if r.UID != "" {
		m["uid"] = r.UID
	}
	if r.ResourceVersion != "" {
		m["resourceVersion"] = r.ResourceVersion
	}
	return m
}

// source is the Event's source: the component and host that are set.
func source(component, host string, src sourceValues) map[string]any {
	s := make(map[string]any, 2)
	if component != "" {
		s["component"] = src.component
	}
	if host != "" {
		s["host"] = src.host
	}
	return s
}
