package apiserver

import (
	"slices"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func TestStagesInKubernetesOrder(t *testing.T) {
	var got []string
	for _, s := range Stages() {
		got = append(got, s.Name+"="+s.Verb.String())
	}
	want := []string{"route=ROUTE", "authenticate=AUTHENTICATE", "prioritize=PRIORITIZE", "authorize=AUTHORIZE",
		"decode=DECODE", "mutating admission=ADMIT", "validation=VALIDATE", "validating admission=ADMIT", "persist=PERSIST"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v", got)
	}
	if Stages()[5].Phase != trace.Mutating || Stages()[7].Phase != trace.Validating {
		t.Error("admission phases")
	}
}

func TestReplicaNames(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Replicas = 3 })
	var got []string
	for _, s := range h.p.Servers() {
		got = append(got, string(s.Name())+"@"+s.Address())
	}
	if want := []string{"apiserver@10.0.0.10", "apiserver-2@10.0.0.11", "apiserver-3@10.0.0.12"}; !slices.Equal(got, want) {
		t.Errorf("got %v", got)
	}
}

// TestKubernetesEndpoints follows the kubernetes Service's EndpointSlice:
// it lists every replica; a stopped replica stays until its 15 s lease
// has run out (at the next 10 s reconcile after that), and comes back
// after a restart.
func TestKubernetesEndpoints(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.Replicas = 3 })
	addrs := func() []string {
		o := h.must(h.do("admin", "GET", "/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/kubernetes", nil)).Object
		var out []string
		for _, e := range object.ViewEndpointSlice(o).Endpoints {
			out = append(out, e.Addresses...)
		}
		return out
	}
	all := []string{"10.0.0.10", "10.0.0.11", "10.0.0.12"}
	if got := addrs(); !slices.Equal(got, all) {
		t.Fatalf("at start %v", got)
	}
	h.loop.RunFor(5 * time.Second)
	h.p.Kill("apiserver-2") // last renewed at 0s
	h.loop.RunFor(10 * time.Second)
	if got := addrs(); !slices.Equal(got, all) {
		t.Errorf("at 15s, lease still live: %v", got)
	}
	h.loop.RunFor(10 * time.Second)
	if got := addrs(); !slices.Equal(got, []string{"10.0.0.10", "10.0.0.12"}) {
		t.Errorf("at 25s: %v", got)
	}
	h.p.Restart("apiserver-2")
	h.loop.RunFor(10 * time.Second)
	if got := addrs(); !slices.Equal(got, all) {
		t.Errorf("after restart: %v", got)
	}
}

// TestRestartedReplicaReloads: a replica that restarts reloads its watch
// caches from the store; a watch from before the restart is too old for
// its fresh history.
func TestRestartedReplicaReloads(t *testing.T) {
	h := newHarness(t)
	old := h.must(h.do("alice", "POST", cmPath, cmBody("a", "1"))).Object.Meta.ResourceVersion
	h.must(h.do("alice", "PUT", cmPath+"/a", cmBody("a", "2")))
	h.p.Kill("apiserver")
	h.p.Restart("apiserver")
	if got := h.must(h.do("alice", "GET", cmPath+"/a", nil)).Object.GetString(".data.k"); got != "2" {
		t.Errorf("after restart: %q", got)
	}
	rec, _ := h.watch(apiListFrom(old))
	h.loop.RunFor(time.Second)
	if got := rec.types(); len(got) != 1 || got[0] != "ERROR too old resource version: "+old+" ("+h.rev()+")" {
		t.Errorf("watch from before the restart: %v", got)
	}
}

func apiListFrom(rv string) api.ListOptions { return api.ListOptions{ResourceVersion: rv} }
