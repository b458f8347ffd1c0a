package cluster_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

const webStatefulSet = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web, namespace: demo}
spec:
  replicas: 3
  serviceName: web
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "web:v1"}]}
`

// stsPods are the set's Pods not being deleted, as "NAME REVISION PHASE".
func stsPods(t *testing.T, c *cluster.Cluster) []string {
	var out []string
	for _, p := range list(t, c, "", "Pod", "demo", "app=web") {
		if p.Meta.DeletionTimestamp == nil {
			out = append(out, fmt.Sprintf("%s %s %s", p.Meta.Name, p.Meta.Labels["controller-revision-hash"], object.StringAt(p.Status(), "phase")))
		}
	}
	slices.Sort(out)
	return out
}

// stsStatus is the set's status fields of its revisions.
func stsStatus(c *cluster.Cluster) string {
	st := c.Object("apps", "StatefulSet", "demo", "web").Status()
	return fmt.Sprintf("current=%v/%v updated=%v/%v ready=%v", st["currentRevision"], st["currentReplicas"], st["updateRevision"], st["updatedReplicas"], st["readyReplicas"])
}

// patchImage sets the set's image, and the rolling update's partition
// when partition ≥ 0.
func patchImage(t *testing.T, c *cluster.Cluster, image string, partition int64) {
	spec := map[string]any{"template": map[string]any{"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": image}}}}}
	if partition >= 0 {
		spec["updateStrategy"] = map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"partition": partition}}
	}
	if _, err := c.Admin().Patch(c.Env().Kind("apps", "StatefulSet"), "demo", "web", api.StrategicMergePatch, map[string]any{"spec": spec}, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
}

// A StatefulSet records its template in a ControllerRevision and rolls a
// new template out as kube-controller-manager v1.37 does: from the
// highest ordinal down, one Pod at a time, each replaced once the one
// above is Running and Ready; a partition holds the lower ordinals back;
// going back to an old template renumbers its revision.
func TestStatefulSetRollingUpdate(t *testing.T) {
	cfg := twoWorkers(1)
	cfg.Manifests = decode(t, webStatefulSet) // turns the StatefulSet controller on
	c := started(t, cfg)
	apply(t, c, "alice", webStatefulSet)
	running := func(rev string) []string {
		return []string{"web-0 " + rev + " Running", "web-1 " + rev + " Running", "web-2 " + rev + " Running"}
	}
	revs := func() []*object.Object { return list(t, c, "apps", "ControllerRevision", "demo", "app=web") }
	if !c.RunUntil(func() bool { return len(revs()) == 1 && slices.Equal(stsPods(t, c), running(revs()[0].Meta.Name)) }, 2*time.Minute) {
		t.Fatalf("pods %q", stsPods(t, c))
	}
	v1 := revs()[0]
	if !strings.HasPrefix(v1.Meta.Name, "web-") || v1.Meta.Labels["app"] != "web" || v1.Meta.Labels["controller.kubernetes.io/hash"] != strings.TrimPrefix(v1.Meta.Name, "web-") {
		t.Errorf("revision %s labels %v", v1.Meta.Name, v1.Meta.Labels)
	}
	if r, _ := object.Int(v1.Content["revision"]); r != 1 {
		t.Errorf("first revision number %d", r)
	}
	if got, _, _ := v1.Get(`.data.spec.template["$patch"]`); got != "replace" {
		t.Errorf("revision data %v", v1.Content["data"])
	}
	if ref, ok := v1.Meta.ControllerRef(); !ok || ref.Kind != "StatefulSet" || ref.Name != "web" {
		t.Errorf("revision owner %+v", ref)
	}
	if want := fmt.Sprintf("current=%s/3 updated=%s/3 ready=3", v1.Meta.Name, v1.Meta.Name); !c.RunUntil(func() bool { return stsStatus(c) == want }, time.Minute) {
		t.Errorf("status %s, want %s", stsStatus(c), want)
	}

	from := c.Trace().Len()
	patchImage(t, c, "web:v2", -1)
	var v2 string
	done := c.RunUntil(func() bool {
		for _, r := range revs() {
			if r.Meta.Name != v1.Meta.Name {
				v2 = r.Meta.Name
			}
		}
		return v2 != "" && slices.Equal(stsPods(t, c), running(v2))
	}, 3*time.Minute)
	if !done {
		t.Fatalf("rollout: pods %q", stsPods(t, c))
	}
	var deletes []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From == "statefulset-controller" && ev.Verb == trace.Delete && ev.Resource == "pods" && ev.Outcome.Code == 200 {
			deletes = append(deletes, ev.Name)
		}
	}
	if !slices.Equal(deletes, []string{"web-2", "web-1", "web-0"}) {
		t.Errorf("deleted %q, want web-2, web-1, web-0 in that order", deletes)
	}
	if want := fmt.Sprintf("current=%s/3 updated=%s/3 ready=3", v2, v2); !c.RunUntil(func() bool { return stsStatus(c) == want }, time.Minute) {
		t.Errorf("status after the rollout %s, want %s", stsStatus(c), want)
	}

	// Back to v1, held at partition 2: only web-2 changes, to the old
	// revision, renumbered 3.
	patchImage(t, c, "web:v1", 2)
	want := []string{"web-0 " + v2 + " Running", "web-1 " + v2 + " Running", "web-2 " + v1.Meta.Name + " Running"}
	if !c.RunUntil(func() bool { return slices.Equal(stsPods(t, c), want) }, 3*time.Minute) {
		t.Fatalf("partitioned rollout: pods %q, want %q", stsPods(t, c), want)
	}
	c.RunFor(30 * time.Second)
	if got := stsPods(t, c); !slices.Equal(got, want) {
		t.Errorf("the partition did not hold: %q", got)
	}
	if n := len(revs()); n != 2 {
		t.Errorf("%d revisions, want 2 (v1 reused)", n)
	}
	back := c.Object("apps", "ControllerRevision", "demo", v1.Meta.Name)
	if r, _ := object.Int(back.Content["revision"]); r != 3 {
		t.Errorf("v1's revision renumbered to %d, want 3", r)
	}
	if want := fmt.Sprintf("current=%s/2 updated=%s/1 ready=3", v2, v1.Meta.Name); stsStatus(c) != want {
		t.Errorf("status %s, want %s", stsStatus(c), want)
	}
}
