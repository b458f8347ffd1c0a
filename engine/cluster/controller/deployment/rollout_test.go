package deployment_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset/rstest"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// An image rollout v1 → v2 under RollingUpdate: the successive sizes of
// the new and the old ReplicaSet are Kubernetes', and at every write to
// the store the Pods stay within replicas + maxSurge and the available
// ones at or above replicas − maxUnavailable.
func TestRollingUpdate(t *testing.T) {
	tests := []struct {
		name     string
		replicas int
		strategy []string
		golden   string
		// wantNew and wantOld are the ReplicaSets' successive sizes.
		wantNew, wantOld  []int64
		maxPods, minAvail int
		wantEvents        []string // with NEW and OLD for the names
	}{
		{
			name: "defaults on 4 (maxSurge 1, maxUnavailable 1)", replicas: 4, golden: "rollout-4",
			wantNew: []int64{1, 2, 3, 4}, wantOld: []int64{4, 3, 2, 1, 0}, maxPods: 5, minAvail: 3,
			wantEvents: []string{"Scaled up replica set NEW from 0 to 1", "Scaled down replica set OLD from 4 to 3",
				"Scaled up replica set NEW from 1 to 2", "Scaled down replica set OLD from 3 to 2",
				"Scaled up replica set NEW from 2 to 3", "Scaled down replica set OLD from 2 to 1",
				"Scaled up replica set NEW from 3 to 4", "Scaled down replica set OLD from 1 to 0"},
		},
		{
			name: "defaults on 3 (maxSurge 1, maxUnavailable 0)", replicas: 3, golden: "rollout-3",
			wantNew: []int64{1, 2, 3}, wantOld: []int64{3, 2, 1, 0}, maxPods: 4, minAvail: 3,
			wantEvents: []string{"Scaled up replica set NEW from 0 to 1", "Scaled down replica set OLD from 3 to 2",
				"Scaled up replica set NEW from 1 to 2", "Scaled down replica set OLD from 2 to 1",
				"Scaled up replica set NEW from 2 to 3", "Scaled down replica set OLD from 1 to 0"},
		},
		{
			// maxSurge 0 and 10% of 3 rounded down: both resolve to 0, so
			// maxUnavailable becomes 1 (ResolveFenceposts).
			name: "maxSurge 0, maxUnavailable 10% of 3", replicas: 3,
			strategy: []string{"strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 10%}}"},
			wantNew:  []int64{0, 1, 2, 3}, wantOld: []int64{3, 2, 1, 0}, maxPods: 3, minAvail: 2,
			wantEvents: []string{"Scaled down replica set OLD from 3 to 2",
				"Scaled up replica set NEW from 0 to 1", "Scaled down replica set OLD from 2 to 1",
				"Scaled up replica set NEW from 1 to 2", "Scaled down replica set OLD from 1 to 0",
				"Scaled up replica set NEW from 2 to 3"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.start()
			f.Apply(web(tc.replicas, "web:v1", tc.strategy...))
			f.complete(int64(tc.replicas))
			old := f.replicaSets()[0].Meta.Name
			before := len(f.scalingEvents())
			o := f.observe()
			o.check = func(o *observer) {
				if active, _ := o.counts(); active > tc.maxPods {
					t.Errorf("%s: %d active Pods, more than %d", f.Env.Loop.Now(), active, tc.maxPods)
				}
				if n := o.desiredTotal(); n > int64(tc.maxPods) {
					t.Errorf("%s: the ReplicaSets want %d Pods, more than %d", f.Env.Loop.Now(), n, tc.maxPods)
				}
				if _, avail := o.counts(); avail < tc.minAvail {
					t.Errorf("%s: %d available Pods, fewer than %d", f.Env.Loop.Now(), avail, tc.minAvail)
				}
			}
			f.setImage("web:v2")
			f.complete(int64(tc.replicas))
			o.check = nil

			rss := f.replicaSets()
			if len(rss) != 2 || rss[0].Meta.Name != old {
				t.Fatalf("ReplicaSets %d, want the old and a new one", len(rss))
			}
			newRS := rss[1].Meta.Name
			if got := o.values[newRS]; !slices.Equal(got, tc.wantNew) {
				t.Errorf("new ReplicaSet sizes %v, want %v", got, tc.wantNew)
			}
			if got := o.values[old]; !slices.Equal(got, tc.wantOld) {
				t.Errorf("old ReplicaSet sizes %v, want %v", got, tc.wantOld)
			}
			var want []string
			for _, e := range tc.wantEvents {
				want = append(want, strings.NewReplacer("NEW", newRS, "OLD", old).Replace(e))
			}
			if got := f.scalingEvents()[before:]; !slices.Equal(got, want) {
				t.Errorf("ScalingReplicaSet events\n%q\nwant\n%q", got, want)
			}
			for name, rev := range map[string]string{old: "1", newRS: "2"} {
				rs := f.Get(f.rsKind, name)
				if got := rs.Meta.Annotations[deployment.RevisionAnnotation]; got != rev {
					t.Errorf("%s revision %q, want %q", name, got, rev)
				}
			}
			if tc.golden != "" {
				rstest.Golden(t, *update, tc.golden, rstest.Summary(f.Env.Log))
			}
		})
	}
}

// Both maxSurge and maxUnavailable 0 cannot be written: the API server's
// validation refuses it, which is why the controller's "both 0 means
// maxUnavailable 1" only applies to percentages that round to 0.
func TestZeroSurgeAndUnavailableRefused(t *testing.T) {
	f := newFixture(t)
	docs := web(3, "web:v1", "strategy: {rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}")
	_, err := f.User.Create(f.dKind, decode(t, docs), api.WriteOptions{})
	if err == nil || !strings.Contains(err.Error(), "may not be 0 when `maxSurge` is 0") {
		t.Errorf("create: %v", err)
	}
}

// Recreate scales the old ReplicaSet to 0, waits until its last Pod is
// gone, then creates the new one at full size: old and new Pods never run
// together.
func TestRecreate(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(3, "web:v1", "strategy: {type: Recreate}"))
	f.complete(3)
	old := f.replicaSets()[0].Meta.Name
	o := f.observe()
	o.check = func(o *observer) {
		owners := map[string]bool{}
		for _, p := range o.pods {
			if ref, ok := p.Meta.ControllerRef(); ok && p.Meta.DeletionTimestamp == nil {
				owners[ref.Name] = true
			}
		}
		if len(owners) > 1 {
			t.Errorf("%s: Pods of %d ReplicaSets at once", f.Env.Loop.Now(), len(owners))
		}
	}
	mark := f.Env.Log.Len()
	f.setImage("web:v2")
	f.complete(3)
	o.check = nil
	newRS := f.replicaSets()[1].Meta.Name
	if got := o.values[old]; !slices.Equal(got, []int64{3, 0}) {
		t.Errorf("old sizes %v, want [3 0]", got)
	}
	if got := o.values[newRS]; !slices.Equal(got, []int64{3}) {
		t.Errorf("new sizes %v, want [3]", got)
	}
	created, _ := f.Env.Log.Query(trace.From(deployment.Name), trace.Verbs(trace.Create), trace.Resource("replicasets")).After(mark).First()
	lastGone, _ := f.Env.Log.Query(trace.From(string(rstest.KubeletActor)), trace.Verbs(trace.Delete), trace.Resource("pods")).After(mark).Last()
	if created == nil || lastGone == nil || created.Seq < lastGone.Seq {
		t.Errorf("new ReplicaSet created (%v) before the last old Pod was gone (%v)", created, lastGone)
	}
	if got, want := f.scalingEvents()[1:], []string{"Scaled down replica set " + old + " from 3 to 0", "Scaled up replica set " + newRS + " from 0 to 3"}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
}

// Scaling a Deployment in the middle of a rollout shares the new replicas
// out in proportion to the ReplicaSets' sizes: with 10 replicas, maxSurge
// 3 and maxUnavailable 2, a stuck rollout holds the old ReplicaSet at 8 and
// the new one at 5; scaled to 20 through /scale (23 with the surge), the
// old gets round(8·23/13) = 14 and the new round(5·23/13) = 9.
func TestProportionalScaling(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(10, "web:v1", "strategy: {rollingUpdate: {maxSurge: 3, maxUnavailable: 2}}"))
	f.complete(10)
	old := f.replicaSets()[0].Meta.Name
	o := f.observe()
	f.setImage(rstest.NeverReadyPrefix + ":v2")
	f.RunFor(30 * time.Second)
	newRS := f.replicaSets()[1].Meta.Name
	if got := o.values[newRS]; !slices.Equal(got, []int64{3, 5}) {
		t.Fatalf("stuck rollout: new sizes %v, want [3 5]", got)
	}

	scale, err := f.User.GetScale(f.dKind, rstest.Namespace, "web")
	if err != nil {
		t.Fatal(err)
	}
	scale.Content["spec"] = map[string]any{"replicas": int64(20)}
	if _, err := f.User.UpdateScale(f.dKind, rstest.Namespace, "web", scale); err != nil {
		t.Fatal(err)
	}
	f.RunFor(30 * time.Second)

	if got := o.values[old]; !slices.Equal(got, []int64{10, 8, 14}) {
		t.Errorf("old sizes %v, want [10 8 14]", got)
	}
	if got := o.values[newRS]; !slices.Equal(got, []int64{3, 5, 9}) {
		t.Errorf("new sizes %v, want [3 5 9]", got)
	}
	for _, name := range []string{old, newRS} {
		rs := f.Get(f.rsKind, name)
		if d, m := rs.Meta.Annotations[deployment.DesiredReplicasAnnotation], rs.Meta.Annotations[deployment.MaxReplicasAnnotation]; d != "20" || m != "23" {
			t.Errorf("%s annotations desired %q max %q, want 20 and 23", name, d, m)
		}
	}
	ev := f.scalingEvents()
	if got, want := ev[len(ev)-2:], []string{"Scaled up replica set " + old + " from 8 to 14", "Scaled up replica set " + newRS + " from 5 to 9"}; !slices.Equal(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
}

// A template whose Pods never become ready: once progressDeadlineSeconds
// pass without progress, Progressing turns False with
// ProgressDeadlineExceeded, the controller having asked to look again
// just after the deadline.
func TestProgressDeadlineExceeded(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(2, rstest.NeverReadyPrefix+":v1", "progressDeadlineSeconds: 30"))
	f.RunUntil("timed out", func() bool {
		return f.condition(deployment.Progressing)["reason"] == deployment.TimedOutReason
	}, 2*time.Minute)
	at := f.Env.Loop.Now()
	if at < rstestTime(30*time.Second) || at > rstestTime(32*time.Second) {
		t.Errorf("timed out at %s, want between 30 s and 32 s", at)
	}
	rs := f.replicaSets()[0].Meta.Name
	c := f.condition(deployment.Progressing)
	if c["status"] != "False" || c["message"] != fmt.Sprintf("ReplicaSet %q has timed out progressing.", rs) {
		t.Errorf("Progressing %v", c)
	}
	a := f.condition(deployment.Available)
	if a["status"] != "False" || a["reason"] != deployment.MinimumReplicasUnavailable || a["message"] != "Deployment does not have minimum availability." {
		t.Errorf("Available %v", a)
	}
	// Nothing more happens: the condition stays.
	f.RunFor(5 * time.Minute)
	if f.condition(deployment.Progressing)["reason"] != deployment.TimedOutReason {
		t.Errorf("Progressing left ProgressDeadlineExceeded: %v", f.condition(deployment.Progressing))
	}
}

// A paused Deployment is scaled but not rolled out; Progressing is Unknown
// while paused, and resuming rolls the new template out.
func TestPaused(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(2, "web:v1"))
	f.complete(2)
	f.patch(map[string]any{"paused": true})
	f.RunFor(time.Second)
	if c := f.condition(deployment.Progressing); c["status"] != "Unknown" || c["reason"] != deployment.PausedDeployReason || c["message"] != "Deployment is paused" {
		t.Errorf("paused: Progressing %v", c)
	}
	f.setImage("web:v2")
	f.patch(map[string]any{"replicas": int64(3)})
	f.RunFor(10 * time.Second)
	if rss := f.replicaSets(); len(rss) != 1 {
		t.Errorf("%d ReplicaSets while paused, want 1", len(rss))
	}
	if v, _, _ := f.replicaSets()[0].Get(".spec.replicas"); v != int64(3) {
		t.Errorf("paused Deployment not scaled: %v", v)
	}
	f.patch(map[string]any{"paused": false})
	f.RunUntil("resumed", func() bool {
		return f.condition(deployment.Progressing)["reason"] != deployment.PausedDeployReason
	}, time.Minute)
	if c := f.condition(deployment.Progressing); c["reason"] != deployment.ResumedDeployReason && c["reason"] != deployment.ReplicaSetUpdatedReason {
		t.Errorf("resumed: Progressing %v", c)
	}
	f.complete(3)
	if rss := f.replicaSets(); len(rss) != 2 {
		t.Errorf("%d ReplicaSets after resuming, want 2", len(rss))
	}
}

// revisionHistoryLimit 1 keeps one old ReplicaSet: after v1 → v2 → v3 the
// v1 ReplicaSet is deleted, v2 kept at 0.
func TestRevisionHistoryLimit(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(2, "web:v1", "revisionHistoryLimit: 1"))
	f.complete(2)
	v1 := f.replicaSets()[0].Meta.Name
	f.setImage("web:v2")
	f.complete(2)
	f.setImage("web:v3")
	f.complete(2)
	f.RunFor(5 * time.Second)
	rss := f.replicaSets()
	var revs []string
	for _, rs := range rss {
		revs = append(revs, rs.Meta.Annotations[deployment.RevisionAnnotation])
	}
	if !slices.Equal(revs, []string{"2", "3"}) {
		t.Errorf("revisions kept %v, want [2 3]", revs)
	}
	del := f.calls(deployment.Name, trace.Delete, "replicasets")
	if len(del) != 1 || del[0].Name != v1 {
		t.Errorf("deleted %v, want only %s", del, v1)
	}
	if v, _, _ := rss[0].Get(".spec.replicas"); v != int64(0) {
		t.Errorf("revision 2 kept at %v replicas, want 0", v)
	}
}

// The Deployment carries its current revision in an annotation, which the
// controller writes with the status (SetDeploymentRevision then
// UpdateStatus: the deployments/status strategy keeps a request's
// annotations, pkg/registry/apps/deployment/strategy.go).
func TestDeploymentRevisionAnnotation(t *testing.T) {
	f := newFixture(t)
	f.start()
	f.Apply(web(2, "web:v1"))
	f.complete(2)
	f.setImage("web:v2")
	f.complete(2)
	got, ok := f.deployment().Meta.Annotations[deployment.RevisionAnnotation]
	if !ok || got != "2" {
		t.Errorf("revision %q, want 2", got)
	}
}
