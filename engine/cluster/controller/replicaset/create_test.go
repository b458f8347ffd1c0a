package replicaset_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A ReplicaSet of 3 gets three Pods named from "web-", each controlled by
// it, one SuccessfulCreate Event each, and a status that counts them.
func TestCreate(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	f.runUntilReady(3)
	rs := f.rs()

	pods := f.pods()
	if len(pods) != 3 {
		t.Fatalf("%d pods, want 3", len(pods))
	}
	var want []string
	for _, p := range pods {
		if !strings.HasPrefix(p.Meta.Name, "web-") || len(p.Meta.Name) != len("web-")+5 || p.Meta.GenerateName != "web-" {
			t.Errorf("pod name %q (generateName %q), want web- and five characters", p.Meta.Name, p.Meta.GenerateName)
		}
		refs := p.Meta.OwnerReferences
		if len(refs) != 1 {
			t.Fatalf("pod %s has %d owner references", p.Meta.Name, len(refs))
		}
		r := refs[0]
		if r.APIVersion != "apps/v1" || r.Kind != "ReplicaSet" || r.Name != "web" || r.UID != rs.Meta.UID ||
			r.Controller == nil || !*r.Controller || r.BlockOwnerDeletion == nil || !*r.BlockOwnerDeletion {
			t.Errorf("pod %s owner reference %+v", p.Meta.Name, r)
		}
		if p.Meta.Labels["app"] != "web" {
			t.Errorf("pod %s labels %v", p.Meta.Name, p.Meta.Labels)
		}
		want = append(want, "Created pod: "+p.Meta.Name)
	}
	slices.Sort(want)
	if got := f.events(replicaset.SuccessfulCreatePodReason); !slices.Equal(got, want) {
		t.Errorf("SuccessfulCreate events %q, want %q", got, want)
	}
	for _, e := range f.List(f.eventKind) {
		io := e.Content["involvedObject"].(map[string]any)
		src := e.Content["source"].(map[string]any)
		if io["kind"] != "ReplicaSet" || io["name"] != "web" || io["uid"] != rs.Meta.UID || e.Content["type"] != "Normal" ||
			src["component"] != replicaset.Name || e.Content["count"] != int64(1) {
			t.Errorf("event %s: %v", e.Meta.Name, e.Content)
		}
	}

	for field, want := range map[string]int64{"replicas": 3, "fullyLabeledReplicas": 3, "readyReplicas": 3,
		"availableReplicas": 3, "observedGeneration": 1, "terminatingReplicas": 0} {
		if got := f.status(field); got != want {
			t.Errorf("status.%s = %d, want %d", field, got, want)
		}
	}
	if _, ok, _ := rs.Get(".status.terminatingReplicas"); !ok {
		t.Error("status.terminatingReplicas missing: DeploymentReplicaSetTerminatingReplicas is on in v1.37")
	}
	if n := len(f.calls(replicaset.Name, trace.Create, "pods")); n != 3 {
		t.Errorf("%d pod creations, want 3", n)
	}
	rstest.Golden(t, *update, "create", rstest.Summary(f.Env.Log))
}

// Pods are created in slow-start batches of 1, 2, 4, …: when creations
// start failing, the batch under way finishes and no further batch starts;
// each failure is a FailedCreate Event and the ReplicaSet reports
// ReplicaFailure.
func TestSlowStartBatches(t *testing.T) {
	f := newFixture(t, rstest.PodQuota(4))
	f.start(false)
	f.Apply(fmt.Sprintf(rsYAML, 10))
	f.RunFor(150 * 1e6)

	creates := f.calls(replicaset.Name, trace.Create, "pods")
	byInstant := map[string][]int{}
	var instants []string
	for _, e := range creates {
		at := e.Time.String()
		if _, ok := byInstant[at]; !ok {
			instants = append(instants, at)
		}
		byInstant[at] = append(byInstant[at], e.Outcome.Code)
	}
	// Batches 1, 2 and 4 at the first sync: the quota admits 4 Pods, so
	// the third batch has one success and three refusals.
	first := byInstant[instants[0]]
	if want := []int{201, 201, 201, 201, 403, 403, 403}; !slices.Equal(first, want) {
		t.Errorf("first sync's creations %v, want %v", first, want)
	}
	// Later syncs retry with a batch of one, which fails.
	for _, at := range instants[1:] {
		if got := byInstant[at]; !slices.Equal(got, []int{403}) {
			t.Errorf("creations at %s: %v, want one refused", at, got)
		}
	}
	failed := f.events(replicaset.FailedCreatePodReason)
	if len(failed) < 3 || !strings.HasPrefix(failed[0], `Error creating: pods "web-`) ||
		!strings.HasSuffix(failed[0], `" is forbidden: exceeded quota: pods, requested: pods=1, used: pods=4, limited: pods=4`) {
		t.Errorf("FailedCreate events %q", failed)
	}
	cond, _, _ := f.rs().Get(".status.conditions[type=ReplicaFailure]")
	m, _ := cond.(map[string]any)
	if m["status"] != "True" || m["reason"] != "FailedCreate" ||
		!strings.Contains(fmt.Sprint(m["message"]), "exceeded quota: pods") {
		t.Errorf("ReplicaFailure condition %v", cond)
	}
	if got := f.status("replicas"); got != 4 {
		t.Errorf("status.replicas %d, want 4", got)
	}
}

// One sync creates at most 500 Pods (burstReplicas) and the next waits
// until it has seen them: 1,200 Pods come in three rounds.
func TestBurstReplicas(t *testing.T) {
	f := newFixture(t)
	f.start(false)
	f.Apply(fmt.Sprintf(rsYAML, 1200))
	f.RunUntil("1200 pods", func() bool { return f.status("replicas") == 1200 }, 10*1e9)
	var rounds []int
	last := ""
	for _, e := range f.calls(replicaset.Name, trace.Create, "pods") {
		if at := e.Time.String(); at != last {
			rounds, last = append(rounds, 0), at
		}
		rounds[len(rounds)-1]++
	}
	if want := []int{500, 500, 200}; !slices.Equal(rounds, want) {
		t.Errorf("creations per sync %v, want %v", rounds, want)
	}
	// The Event spam filter lets 25 Events about the ReplicaSet through,
	// the 10th distinct message onwards combined into one Event.
	if n := len(f.calls(replicaset.Name, trace.Create, "events")) + len(f.calls(replicaset.Name, trace.Patch, "events")); n != 25 {
		t.Errorf("%d Event writes, want 25", n)
	}
}
