package replicaset_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Deleting a managed Pod: as soon as the controller sees its
// deletionTimestamp it counts the Pod as gone and creates a replacement,
// with a new name and UID, while the kubelet is still stopping the old
// one; the status counts it as terminating meanwhile.
func TestDeletedPodIsReplaced(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	f.runUntilReady(3)
	victim := f.pods()[0]
	mark := f.Env.Log.Len()
	if _, err := f.User.Delete(f.podKind, rstest.Namespace, victim.Meta.Name, api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	f.RunUntil("replacement created", func() bool { return len(f.pods()) == 4 }, time.Second)
	f.RunFor(20 * time.Millisecond)
	if got, want := f.status("terminatingReplicas"), int64(1); got != want {
		t.Errorf("status.terminatingReplicas while the old Pod stops = %d, want %d", got, want)
	}
	if got := f.status("replicas"); got != 3 {
		t.Errorf("status.replicas = %d, want 3 (the terminating Pod is not counted)", got)
	}
	f.runUntilReady(3)
	f.RunFor(2 * time.Second)

	creates := f.Env.Log.Query(trace.From(replicaset.Name), trace.Verbs(trace.Create), trace.Resource("pods")).After(mark).Events()
	if len(creates) != 1 {
		t.Fatalf("%d creations after the delete, want 1", len(creates))
	}
	gone, ok := f.Env.Log.Query(trace.From(string(rstest.KubeletActor)), trace.Verbs(trace.Delete), trace.Object(rstest.Namespace+"/"+victim.Meta.Name)).First()
	if !ok {
		t.Fatal("the kubelet never finished the deletion")
	}
	if creates[0].Seq > gone.Seq {
		t.Errorf("replacement created at %s, after the old Pod was gone at %s", creates[0].Time, gone.Time)
	}
	var repl *object.Object
	for _, p := range f.pods() {
		if p.Meta.Name == creates[0].Name {
			repl = p
		}
		if p.Meta.Name == victim.Meta.Name {
			t.Errorf("old Pod %s still stored", victim.Meta.Name)
		}
	}
	if repl == nil || repl.Meta.UID == victim.Meta.UID || repl.Meta.Name == victim.Meta.Name {
		t.Fatalf("replacement %v: want a new name and UID", repl)
	}
	if got := f.status("terminatingReplicas"); got != 0 {
		t.Errorf("status.terminatingReplicas after = %d, want 0", got)
	}
	if ev := f.events(replicaset.SuccessfulCreatePodReason); !slices.Contains(ev, "Created pod: "+repl.Meta.Name) {
		t.Errorf("no SuccessfulCreate Event for %s: %q", repl.Meta.Name, ev)
	}
	rstest.Golden(t, *update, "delete-pod", rstest.Summary(f.Env.Log))
}

// A matching orphan is adopted instead of creating a Pod; a Pod relabelled
// out of the selector is released and replaced.
func TestAdoptionAndRelease(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(`
apiVersion: v1
kind: Pod
metadata: {name: stray, labels: {app: web}}
spec: {containers: [{name: web, image: "web:v1"}]}
`)
	f.RunFor(time.Second)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	f.runUntilReady(3)
	rs := f.rs()

	stray := f.Get(f.podKind, "stray")
	if ref, ok := stray.Meta.ControllerRef(); !ok || ref.UID != rs.Meta.UID || ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
		t.Errorf("stray's controller %v, want ReplicaSet web", stray.Meta.OwnerReferences)
	}
	if n := len(f.calls(replicaset.Name, trace.Create, "pods")); n != 2 {
		t.Errorf("%d Pods created, want 2 besides the adopted one", n)
	}
	if p := f.calls(replicaset.Name, trace.Patch, "pods"); len(p) != 1 || p[0].Name != "stray" {
		t.Errorf("adoption patches %v, want one of stray", p)
	}

	// Relabel stray out of the selector.
	if _, err := f.User.Patch(f.podKind, rstest.Namespace, "stray", api.MergePatch,
		map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "other"}}}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	f.RunUntil("released", func() bool { return len(f.Get(f.podKind, "stray").Meta.OwnerReferences) == 0 }, time.Second)
	f.runUntilReady(3)
	owned := 0
	for _, p := range f.pods() {
		if ref, ok := p.Meta.ControllerRef(); ok && ref.UID == rs.Meta.UID && p.Meta.Labels["app"] == "web" {
			owned++
		}
	}
	if len(f.pods()) != 4 || owned != 3 {
		t.Errorf("%d Pods, %d controlled; want 4 and 3", len(f.pods()), owned)
	}
}

// When the informers have not yet seen the Pods a sync created, a sync in
// between creates nothing: the controller waits for its own writes.
func TestNoDoubleCreation(t *testing.T) {
	f := newFixture(t)
	f.start(false)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	// The first sync runs at 100 ms (the informers' sync poll); this update
	// reaches the controller at 102 ms, before the Pods it creates.
	f.RunFor(97 * time.Millisecond)
	if _, err := f.User.Patch(f.rsKind, rstest.Namespace, "web", api.MergePatch,
		map[string]any{"metadata": map[string]any{"annotations": map[string]any{"touched": "yes"}}}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	f.RunFor(time.Second)
	if n := len(f.calls(replicaset.Name, trace.Create, "pods")); n != 3 {
		t.Errorf("%d Pods created, want 3", n)
	}
	syncs := f.Env.Log.Query(trace.From(replicaset.Name), trace.Verbs(trace.Reconcile)).Events()
	blocked := 0
	for _, s := range syncs {
		if strings.HasPrefix(s.Outcome.Message, "read version: ") && strings.HasSuffix(s.Outcome.Message, "for group resource pods") {
			blocked++
		}
	}
	if blocked == 0 {
		t.Errorf("no sync waited for the Pods it created: %v", syncs)
	}
}

// With minReadySeconds, ready Pods count as available that long after
// their Ready transition (whole seconds, as the condition's time is
// written), and the controller looks again at exactly that instant.
func TestMinReadySeconds(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(strings.Replace(fmt.Sprintf(rsYAML, 3), "replicas: 3", "replicas: 3\n  minReadySeconds: 10", 1))
	f.runUntilReady(3)
	if got := f.status("availableReplicas"); got != 0 {
		t.Errorf("available %d right after ready, want 0", got)
	}
	f.RunUntil("available", func() bool { return f.status("availableReplicas") == 3 }, time.Minute)
	ready := f.Get(f.podKind, f.pods()[0].Meta.Name)
	ltt, _, _ := ready.Get(".status.conditions[type=Ready].lastTransitionTime")
	since, _ := object.ParseTime(ltt.(string))
	want := sim(since.Add(10 * time.Second))
	if now := f.Env.Loop.Now(); now != want {
		t.Errorf("available at %s, want %s (Ready at %s plus 10s)", now, want, ltt)
	}
}

// sim converts a wall-clock instant of the run to virtual time.
func sim(t time.Time) simTime { return simTime(t.Sub(simEpoch)) }

// Scaling down deletes the Pod the ranking puts first: here the one whose
// readiness probe started failing.
func TestScaleDownDeletesNotReadyPod(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	f.runUntilReady(3)
	sick := f.pods()[1].Meta.Name
	if _, err := f.User.Patch(f.podKind, rstest.Namespace, sick, api.StrategicMergePatch, map[string]any{"status": map[string]any{
		"conditions": []any{map[string]any{"type": "Ready", "status": "False", "lastTransitionTime": object.FormatTime(f.Env.Loop.Now().Wall())}}},
	}, api.WriteOptions{}, "status"); err != nil {
		t.Fatal(err)
	}
	f.runUntilReady(2)
	f.scale(2)
	f.RunFor(2 * time.Second)
	deletes := f.calls(replicaset.Name, trace.Delete, "pods")
	if len(deletes) != 1 || deletes[0].Name != sick {
		t.Fatalf("deleted %v, want %s", deletes, sick)
	}
	if got := f.events(replicaset.SuccessfulDeletePodReason); !slices.Equal(got, []string{"Deleted pod: " + sick}) {
		t.Errorf("SuccessfulDelete events %q", got)
	}
	if len(f.pods()) != 2 || f.status("replicas") != 2 {
		t.Errorf("%d Pods, status.replicas %d; want 2", len(f.pods()), f.status("replicas"))
	}
}

// A stopped controller does nothing; a new one, with new informers, picks
// the work up from what the API holds.
func TestStopAndRestart(t *testing.T) {
	f := newFixture(t)
	f.start(true)
	f.Apply(fmt.Sprintf(rsYAML, 3))
	f.runUntilReady(3)
	f.Restart() // the controller stops; none runs
	victim := f.pods()[0].Meta.Name
	if _, err := f.User.Delete(f.podKind, rstest.Namespace, victim, api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	mark := f.Env.Log.Len()
	f.RunFor(10 * time.Second)
	if n := f.Env.Log.Query(trace.From(replicaset.Name)).After(mark).Count(); n != 0 {
		t.Fatalf("a stopped controller acted %d times", n)
	}
	if len(f.pods()) != 2 {
		t.Fatalf("%d Pods, want 2", len(f.pods()))
	}
	if got := f.status("replicas"); got != 3 {
		t.Errorf("a stopped controller's status moved: replicas %d", got)
	}
	f.Restart(replicaset.New(replicaset.Config{}))
	f.RunUntil("replaced", func() bool { return len(f.pods()) == 3 }, time.Second)
	f.RunFor(5 * time.Second)
	if f.status("readyReplicas") != 3 || f.status("terminatingReplicas") != 0 {
		t.Errorf("after the restart: ready %d, terminating %d", f.status("readyReplicas"), f.status("terminatingReplicas"))
	}
}
