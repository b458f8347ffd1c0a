package job

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// finishedPod is a Pod whose container finished at t.
func finishedPod(t time.Time) *object.Object {
	p := object.New("v1", "Pod")
	p.Content["status"] = map[string]any{"containerStatuses": []any{map[string]any{
		"state": map[string]any{"terminated": map[string]any{"finishedAt": t.UTC().Format(time.RFC3339)}}}}}
	return p
}

// The failure back-off is 10 s doubled per failure after the last
// success, at most 10 minutes, counted from the last failure; a success
// clears it, but failures after it count.
func TestBackoff(t *testing.T) {
	at := func(s int) time.Time { return sim.Epoch.Add(time.Duration(s) * time.Second) }
	now := func(s int) sim.Time { return sim.Time(time.Duration(s) * time.Second) }
	jm := &Controller{backoff: map[string]backoffRecord{}}
	const key = "demo/pi"
	b := jm.newBackoffRecord(key, nil, []*object.Object{finishedPod(at(100))})
	if got := b.remaining(now(104)); got != 6*time.Second {
		t.Errorf("one failure, 4 s later: %s, want 6s", got)
	}
	jm.backoff[key] = b
	b = jm.newBackoffRecord(key, nil, []*object.Object{finishedPod(at(130)), finishedPod(at(120))})
	if b.failuresAfterLastSuccess != 3 || !b.lastFailure.Equal(at(130)) {
		t.Errorf("three failures: %+v", b)
	}
	if got := b.remaining(now(130)); got != 40*time.Second {
		t.Errorf("three failures: %s, want 40s", got)
	}
	if got := b.remaining(now(200)); got != 0 {
		t.Errorf("three failures, 70 s later: %s, want 0", got)
	}
	jm.backoff[key] = backoffRecord{failuresAfterLastSuccess: 9, lastFailure: at(0)}
	if got := jm.backoff[key].remaining(now(0)); got != MaxPodFailureBackOff {
		t.Errorf("nine failures: %s, want the 10m cap", got)
	}
	b = jm.newBackoffRecord(key, []*object.Object{finishedPod(at(50))}, []*object.Object{finishedPod(at(40)), finishedPod(at(60))})
	if b.failuresAfterLastSuccess != 1 || !b.lastFailure.Equal(at(60)) {
		t.Errorf("a success between failures: %+v, want the one failure after it", b)
	}
	if b = jm.newBackoffRecord(key, []*object.Object{finishedPod(at(70))}, nil); b.failuresAfterLastSuccess != 0 || b.remaining(now(70)) != 0 {
		t.Errorf("a success alone: %+v", b)
	}
}

// setCondition replaces a condition whose status, reason or message
// changed, keeps an equal one, and never adds a False one.
func TestSetCondition(t *testing.T) {
	st := map[string]any{}
	if setCondition(st, condSuspended, "False", "JobResumed", "Job resumed", "t0") || st["conditions"] != nil {
		t.Errorf("a False condition was added: %v", st)
	}
	if !setCondition(st, condSuspended, "True", "JobSuspended", "Job suspended", "t1") {
		t.Error("a True condition was not added")
	}
	if setCondition(st, condSuspended, "True", "JobSuspended", "Job suspended", "t2") {
		t.Error("an equal condition was written again")
	}
	if !setCondition(st, condSuspended, "False", "JobResumed", "Job resumed", "t3") {
		t.Error("a changed condition was not replaced")
	}
	c := object.StatusCondition(st, condSuspended)
	if c["status"] != "False" || c["lastTransitionTime"] != "t3" || len(st["conditions"].([]any)) != 1 {
		t.Errorf("conditions %v", st["conditions"])
	}
}
