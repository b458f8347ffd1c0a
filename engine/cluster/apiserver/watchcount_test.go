package apiserver

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// TestWatchCounterFollowsWatchesAndCaches: the count priority and
// fairness estimates a write's work by follows the watches opened on the
// resource, asked again of the same resource, of another, and across a
// restart of every replica, which ends the watches and loads new caches.
func TestWatchCounterFollowsWatchesAndCaches(t *testing.T) {
	sh := newStandard(t)
	w := &watchCounter{l: &lookups{p: sh.p}, replica: sh.p.Servers()[0].name}
	cm := api.RequestInfo{Verb: "create", Resource: "configmaps", Namespace: "demo"}
	deploy := api.RequestInfo{Verb: "create", APIGroup: "apps", Resource: "deployments", Namespace: "demo"}
	check := func(when string, info api.RequestInfo, want int) {
		t.Helper()
		if got := w.count(info); got != want {
			t.Errorf("%s: %d watches of %s, want %d", when, got, info.Resource, want)
		}
	}
	check("no watch", cm, 0)
	watch := func() {
		t.Helper()
		resp := sh.p.Endpoint().Do(&api.Request{From: trace.Actor("informer"), Token: "admin", Method: "GET", Path: cmPath,
			List: api.ListOptions{Watch: true, TimeoutSeconds: 1 << 30}}, &countingHandler{})
		if !resp.OK() {
			t.Fatal(resp.Status)
		}
	}
	for i := range 3 {
		watch()
		check("after a watch", cm, i+1)
	}
	check("another resource", deploy, 0)
	check("back to the first", cm, 3)
	sh.p.StopAll()
	check("every replica stopped", cm, 0)
	sh.p.StartAll()
	sh.loop.RunFor(time.Second)
	check("started again", cm, 0)
	watch()
	watch()
	check("two watches of the new cache", cm, 2)
}
