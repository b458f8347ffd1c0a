package scenario

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/diag"
	"github.com/loopbook/loopbook/engine/scenario/result"
	"github.com/loopbook/loopbook/engine/scenario/spec"
)

// follow runs a poll or watch action: for a.For of virtual time the
// user's client keeps up with a kind, by LISTing every a.Every (poll) or
// as an informer does, one LIST and then a WATCH from its
// resourceVersion (watch). The rest of the cluster runs meanwhile. The
// response counts the requests and the bytes of objects received.
func (s *Session) follow(a *spec.Follow) (result.Response, error) {
	c, err := s.client(a.Request)
	if err != nil {
		return result.Response{}, err
	}
	k, err := s.Kind(a.Kind.Text)
	if err != nil {
		return result.Response{}, diag.Errorf(a.Kind.Pos, "%v", err)
	}
	ns := a.Namespace
	if !k.Namespaced {
		ns = ""
	}
	until := s.Cluster.Now().Add(a.For.Value)
	var requests, bytes, events int
	sizes := &s.sizes
	if !a.Watch {
		for s.Cluster.Now() < until {
			requests++
			if l, err := c.ListReadOnly(k, ns, api.ListOptions{}); err == nil {
				for _, o := range l.Items {
					bytes += sizes.of(o)
				}
			}
			s.Cluster.RunFor(min(a.Every.Value, until.Sub(s.Cluster.Now())))
		}
		return followResponse(a, k, ns, "polled", requests, 0, bytes), nil
	}
	requests++
	l, err := c.ListReadOnly(k, ns, api.ListOptions{})
	if err != nil {
		return result.Response{Code: 500, Message: err.Error()}, nil
	}
	for _, o := range l.Items {
		bytes += sizes.of(o)
	}
	requests++
	counter := &watchCounter{sizes: sizes}
	w, err := c.Watch(k, ns, api.ListOptions{ResourceVersion: l.ResourceVersion, AllowWatchBookmarks: true}, counter)
	if err != nil {
		return result.Response{Code: 500, Message: err.Error()}, nil
	}
	s.Cluster.RunFor(until.Sub(s.Cluster.Now()))
	w.Stop()
	events, bytes = counter.events, bytes+counter.bytes
	return followResponse(a, k, ns, "watched", requests, events, bytes), nil
}

// objectSizes remembers the sizes of the object versions a session's
// polls and watches received, by uid and resourceVersion: one version of
// an object is the same bytes whenever it is listed, a poll of objects
// that do not change gets the same versions again and again, and a watch
// that lists after a poll gets the versions the poll got.
type objectSizes map[objectVersion]int

// objectVersion names one version of one object.
type objectVersion struct{ uid, resourceVersion string }

// of returns o.Size(), worked out once for each version of an object
// with a uid and resourceVersion.
func (m *objectSizes) of(o *object.Object) int {
	v := objectVersion{o.Meta.UID, o.Meta.ResourceVersion}
	if v.uid == "" || v.resourceVersion == "" {
		return o.Size()
	}
	if n, ok := (*m)[v]; ok {
		return n
	}
	if *m == nil {
		*m = objectSizes{}
	}
	n := o.Size()
	(*m)[v] = n
	return n
}

// followResponse is a poll's or watch's summary, as the page shows it.
func followResponse(a *spec.Follow, k *object.KindInfo, ns, how string, requests, events, bytes int) result.Response {
	msg := fmt.Sprintf("%s %s: %d requests, %d bytes of objects received", how, k.Resource, requests, bytes)
	if how == "watched" {
		msg = fmt.Sprintf("%s %s: %d requests, %d watch events, %d bytes of objects received", how, k.Resource, requests, events, bytes)
	}
	return result.Response{Code: 200, Message: msg, Output: msg, User: a.As.Value, Action: commandLine(a, k, ns)}
}

// watchCounter counts a watch's events and the bytes of their objects,
// worked out once for each object version (see objectSizes).
type watchCounter struct {
	events, bytes int
	sizes         *objectSizes
}

// OnEvent implements api.WatchHandler.
func (w *watchCounter) OnEvent(ev api.WatchEvent) {
	w.events++
	if ev.Object != nil {
		w.bytes += w.sizes.of(ev.Object)
	}
}

// Ended implements api.WatchHandler.
func (w *watchCounter) Ended(error) {}
