package cluster_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// stsManifest is webStatefulSet with its replicas and more spec.
func stsManifest(replicas int, extra string) string {
	return strings.Replace(strings.Replace(webStatefulSet, "replicas: 3", "replicas: "+strconv.Itoa(replicas), 1),
		"  serviceName: web\n", "  serviceName: web\n"+extra, 1)
}

// With minReadySeconds, an ordered StatefulSet creates each Pod only once
// the one below has been ready that long, and availableReplicas lags
// readyReplicas by it.
func TestStatefulSetMinReadySeconds(t *testing.T) {
	manifest := stsManifest(2, "  minReadySeconds: 10\n")
	cfg := twoWorkers(1)
	cfg.Manifests = decode(t, manifest)
	c := started(t, cfg)
	apply(t, c, "alice", manifest)
	var readyAt, availableAt time.Time
	done := c.RunUntil(func() bool {
		set := c.Object("apps", "StatefulSet", "demo", "web")
		now := c.Now().Wall()
		if readyAt.IsZero() && set.GetInt(".status.readyReplicas", 0) >= 1 {
			readyAt = now
		}
		if availableAt.IsZero() && set.GetInt(".status.availableReplicas", 0) >= 1 {
			availableAt = now
		}
		return set.GetInt(".status.availableReplicas", 0) == 2
	}, 3*time.Minute)
	if !done {
		t.Fatalf("the set did not become available: %s", stsStatus(c))
	}
	if gap := availableAt.Sub(readyAt); gap < 9*time.Second || gap > 11*time.Second {
		// The Ready condition's time is kept to the second, so up to a
		// second of the wait may fall before the status saw it.
		t.Errorf("web-0 counted available %s after ready, want minReadySeconds 10 s", gap)
	}
	web0 := get(c, "", "Pod", "demo", "web-0")
	web1 := get(c, "", "Pod", "demo", "web-1")
	ready0, _ := time.Parse(time.RFC3339, web0.GetString(".status.conditions[type=Ready].lastTransitionTime"))
	if gap := web1.Meta.CreationTimestamp.Sub(ready0); gap < 10*time.Second {
		t.Errorf("web-1 was created %s after web-0 was ready, before it was available", gap)
	}
}

// With rollingUpdate.maxUnavailable 2, a rolling update deletes the two
// highest old Pods at once, then the next two once those are back
// (MaxUnavailableStatefulSet, on by default since v1.37).
func TestStatefulSetMaxUnavailable(t *testing.T) {
	manifest := stsManifest(4, "  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 2}}\n")
	cfg := twoWorkers(1)
	cfg.Manifests = decode(t, manifest)
	c := started(t, cfg)
	apply(t, c, "alice", manifest)
	if !c.RunUntil(func() bool {
		return c.Object("apps", "StatefulSet", "demo", "web").GetInt(".status.readyReplicas", 0) == 4
	}, 3*time.Minute) {
		t.Fatalf("not ready: %s", stsStatus(c))
	}
	from := c.Trace().Len()
	v1 := c.Object("apps", "StatefulSet", "demo", "web").GetString(".status.updateRevision")
	patchImage(t, c, "web:v2", -1)
	if !c.RunUntil(func() bool {
		st := c.Object("apps", "StatefulSet", "demo", "web").Status()
		return st["updateRevision"] != v1 && st["updatedReplicas"] == int64(4) && st["readyReplicas"] == int64(4) && st["currentRevision"] == st["updateRevision"]
	}, 5*time.Minute) {
		t.Fatalf("the update did not finish: %s", stsStatus(c))
	}
	// The controller's Pod writes, in order: deletes and creates.
	var ops []string
	for i := from; i < c.Trace().Len(); i++ {
		ev := c.Trace().At(i)
		if ev.From == "statefulset-controller" && ev.Resource == "pods" && ev.Outcome.Code < 300 && (ev.Verb == trace.Delete || ev.Verb == trace.Create) {
			ops = append(ops, ev.Verb.String()+" "+ev.Name)
		}
	}
	want := "DELETE web-3,DELETE web-2,CREATE web-2,CREATE web-3,DELETE web-1,DELETE web-0,CREATE web-0,CREATE web-1"
	if got := strings.Join(ops, ","); got != want {
		t.Errorf("Pod writes %s\nwant %s", got, want)
	}
}
