package scheduler

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/scheduler/framework"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// Event types (v1.EventTypeNormal, v1.EventTypeWarning).
const (
	eventTypeNormal  = "Normal"
	eventTypeWarning = "Warning"
)

// The event series timings of client-go's events.k8s.io broadcaster
// (tools/events/event_broadcaster.go): a series not seen for 6 minutes is
// finished, and series are rewritten every 30 minutes.
const (
	seriesFinishTime  = 6 * time.Minute
	seriesRefreshTime = 30 * time.Minute
)

// eventKey is what makes two events isomorphic (getKey): everything but
// the note and the time.
type eventKey struct {
	typ, action, reason, regarding, related string
}

type cachedEvent struct {
	namespace, name string
	eventTime       sim.Time
	series          bool
	count           int64
	lastObserved    sim.Time
}

// recorder writes kube-scheduler's Events as its events.k8s.io recorder
// does (tools/events): reportingController "default-scheduler",
// reportingInstance "default-scheduler-" and the replica's name (its
// hostname), a name made of the object's name and the time in hex
// nanoseconds, and series: the first repeat of an isomorphic event PATCHes
// the first one with series.count 2; later repeats only count, and the
// count is written when the series ends (6 minutes without a repeat) or
// every 30 minutes. The model serves core/v1 Events, so they are written
// there with the same fields (reportingComponent, reportingInstance,
// eventTime, action, series), the shape kube-apiserver gives an
// events.k8s.io Event read through core/v1. A write that fails is dropped
// (client-go retries a server error up to 12 times, 10 s apart).
type recorder struct {
	s        *Scheduler
	cache    map[eventKey]*cachedEvent
	finish   *sim.Timer
	refresh  *sim.Timer
	instance string
	// instanceValue is instance as a field value, made once for all Events.
	instanceValue any
}

func newRecorder(s *Scheduler) *recorder {
	r := &recorder{s: s, cache: map[eventKey]*cachedEvent{},
		instance: framework.DefaultSchedulerName + "-" + string(s.cfg.Name)}
	r.instanceValue = r.instance
	loop := s.env.Loop
	r.finish = loop.NewTimer(sim.Func(r.finishSeries))
	r.refresh = loop.NewTimer(sim.Func(r.refreshSeries))
	r.finish.Reset(loop.Now().Add(seriesFinishTime))
	r.refresh.Reset(loop.Now().Add(seriesRefreshTime))
	return r
}

func (r *recorder) stop() {
	r.finish.Stop()
	r.refresh.Stop()
}

// eventFields is how many fields an Event's content has at most: the map
// is made that large at once rather than grown past its first size.
const eventFields = 10

func ref(p *framework.PodInfo) map[string]any {
	return map[string]any{"kind": "Pod", "namespace": p.Namespace, "name": p.Name, "uid": p.UID,
		"apiVersion": "v1", "resourceVersion": p.Pod.Meta.ResourceVersion}
}

func refKey(p *framework.PodInfo) string {
	if p == nil {
		return ""
	}
	return p.Namespace + "/" + p.Name + "/" + p.UID + "/" + p.Pod.Meta.ResourceVersion
}

// eventf records an event about regarding, optionally related to another
// Pod.
func (r *recorder) eventf(regarding, related *framework.PodInfo, typ, reason, action, format string, args ...any) {
	now := r.s.env.Loop.Now()
	key := eventKey{typ: typ, action: action, reason: reason, regarding: refKey(regarding), related: refKey(related)}
	if ev, ok := r.cache[key]; ok {
		ev.lastObserved = now
		if ev.series {
			ev.count++
			return
		}
		ev.series, ev.count = true, 2
		r.writeSeries(ev)
		return
	}
	ns := regarding.Namespace
	if ns == "" {
		ns = "default"
	}
	name := record.EventName(regarding.Name, now.Wall())
	o := &object.Object{APIVersion: "v1", Kind: "Event", Content: make(map[string]any, eventFields)}
	o.Meta.Namespace, o.Meta.Name = ns, name
	o.Content["involvedObject"] = ref(regarding)
	if related != nil {
		o.Content["related"] = ref(related)
	}
	o.Content["reason"] = reason
	o.Content["message"] = fmt.Sprintf(format, args...)
	o.Content["type"] = typ
	o.Content["action"] = action
	o.Content["eventTime"] = object.FormatMicroTime(now.Wall())
	o.Content["reportingComponent"] = framework.DefaultSchedulerName
	o.Content["reportingInstance"] = r.instanceValue
	o.Content["source"] = map[string]any{}
	r.cache[key] = &cachedEvent{namespace: ns, name: name, eventTime: now, lastObserved: now}
	// o and everything in it were made for this request: it hands them over.
	r.s.client.DoRetry(client.CreateRequestOwning(r.s.events, o, api.WriteOptions{}), func(*api.Response) {})
}

// writeSeries PATCHes an event's series.
func (r *recorder) writeSeries(ev *cachedEvent) {
	patch := map[string]any{"series": map[string]any{"count": ev.count,
		"lastObservedTime": object.FormatMicroTime(ev.lastObserved.Wall())}}
	req := client.PatchRequest(r.s.events, ev.namespace, ev.name, api.StrategicMergePatch, patch, api.WriteOptions{})
	r.s.client.DoRetry(req, func(*api.Response) {})
}

// finishSeries writes the final count of series not seen for 6 minutes
// and forgets them, and forgets single events older than that.
func (r *recorder) finishSeries() {
	now := r.s.env.Loop.Now()
	for _, k := range r.sortedKeys() {
		ev := r.cache[k]
		switch {
		case ev.series && now.Sub(ev.lastObserved) > seriesFinishTime:
			r.writeSeries(ev)
			delete(r.cache, k)
		case !ev.series && now.Sub(ev.eventTime) > seriesFinishTime:
			delete(r.cache, k)
		}
	}
	r.finish.Reset(now.Add(seriesFinishTime))
}

// refreshSeries rewrites every running series.
func (r *recorder) refreshSeries() {
	for _, k := range r.sortedKeys() {
		if ev := r.cache[k]; ev.series {
			r.writeSeries(ev)
		}
	}
	r.refresh.Reset(r.s.env.Loop.Now().Add(seriesRefreshTime))
}

// sortedKeys lists the cache in the order events were first recorded.
func (r *recorder) sortedKeys() []eventKey {
	keys := make([]eventKey, 0, len(r.cache))
	for k := range r.cache {
		keys = append(keys, k)
	}
	sortKeys(keys, func(k eventKey) (sim.Time, string) { e := r.cache[k]; return e.eventTime, e.name })
	return keys
}
