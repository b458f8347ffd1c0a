package kubelet

import (
	"fmt"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The `crash container` fault: the container exits, the kubelet sees it at
// its next relist and starts it again at once (no back-off the first
// time), in the same Pod: same UID, restartCount 1, the crash as its last
// state.
func TestCrashContainer(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	created := c.createPod("web", "worker-a", webSpec("web:v1"))
	c.runFor(20 * time.Second)
	rec := c.watchPod("web")
	from := c.log.Len()
	if err := c.runtimes["worker-a"].Crash("demo", "web", "web"); err != nil {
		t.Fatal(err)
	}
	c.runFor(10 * time.Second)
	golden(t, "crash-container", c.traceLines(from, byKubelets)+"\n"+rec.summaries())
	pod := c.get("Pod", "demo", "web")
	if pod.Meta.UID != created.Meta.UID {
		t.Errorf("UID changed: %s → %s", created.Meta.UID, pod.Meta.UID)
	}
	checks := []struct {
		path string
		want any
	}{
		{".status.phase", "Running"},
		{".status.containerStatuses[0].restartCount", int64(1)},
		{".status.containerStatuses[0].lastState.terminated.exitCode", int64(1)},
		{".status.containerStatuses[0].lastState.terminated.reason", "Error"},
		{".status.containerStatuses[0].lastState.terminated.finishedAt", "2026-01-01T00:00:21Z"},
		{".status.containerStatuses[0].ready", true},
		{".status.conditions[type=Ready].status", "True"},
	}
	for _, ch := range checks {
		if got, _, _ := pod.Get(ch.path); got != ch.want {
			t.Errorf("%s = %#v, want %#v", ch.path, got, ch.want)
		}
	}
	if err := c.runtimes["worker-a"].Crash("demo", "web", "nope"); err == nil {
		t.Error("crashing a container that does not exist succeeded")
	}
}

// A container that keeps exiting is restarted at once the first time, then
// after back-offs of 10 s, 20 s, 40 s … up to 300 s, measured from when it
// exited, each announced as CrashLoopBackOff with the kubelet's message.
func TestCrashLoopBackOff(t *testing.T) {
	crasher := runtime.DefaultImage(env.Default())
	crasher.Exits, crasher.ExitCode = true, 1
	c := newCluster(t, map[string]runtime.Image{"crasher:v1": crasher}, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	pod := c.createPod("web", "worker-a", webSpec("crasher:v1"))
	rec := c.watchPod("web")
	c.runFor(20 * time.Minute)

	starts := c.log.Query(trace.Verbs(trace.CRIStartContainer)).Events()
	if len(starts) < 9 {
		t.Fatalf("%d starts in 20 minutes, want at least 9", len(starts))
	}
	// Each instance runs from its start + 1 s and exits at once; the next
	// start waits for the back-off from that exit, plus the pod worker's
	// jitter (up to half the wait) and the next tick of its one-second loop.
	backoffs := []time.Duration{0, 10, 20, 40, 80, 160, 300, 300}
	for i, b := range backoffs {
		exit := starts[i].Time.Add(time.Second)
		d := starts[i+1].Time.Sub(exit)
		lo := b * time.Second
		hi := lo + lo/2 + 2*time.Second
		if d < lo || d > hi {
			t.Errorf("restart %d came %v after the exit, want [%v, %v]", i+1, d, lo, hi)
		}
	}
	var messages []string
	for _, o := range rec.objs {
		if m := o.GetString(".status.containerStatuses[0].state.waiting.message"); m != "" &&
			o.GetString(".status.containerStatuses[0].state.waiting.reason") == "CrashLoopBackOff" {
			if len(messages) == 0 || messages[len(messages)-1] != m {
				messages = append(messages, m)
			}
		}
	}
	var want []string
	for _, d := range []string{"10s", "20s", "40s", "1m20s", "2m40s", "5m0s"} {
		want = append(want, fmt.Sprintf("back-off %s restarting failed container=web pod=web_demo(%s)", d, pod.Meta.UID))
	}
	if fmt.Sprint(messages[:min(len(messages), len(want))]) != fmt.Sprint(want) {
		t.Errorf("CrashLoopBackOff messages:\n%v\nwant\n%v", messages, want)
	}
	golden(t, "crashloop", rec.summaries())
}

// A container that ran for more than ten minutes since its last restart
// has its back-off reset: it restarts at once.
func TestCrashLoopReset(t *testing.T) {
	tests := []struct {
		name      string
		exitAfter time.Duration
		wantNow   bool // every restart is immediate
	}{
		{"short runs back off", 5 * time.Minute, false},
		{"long runs reset", 11 * time.Minute, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im := runtime.DefaultImage(env.Default())
			im.Exits, im.ExitAfter, im.ExitCode = true, tc.exitAfter, 2
			c := newCluster(t, map[string]runtime.Image{"app:v1": im}, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			c.createPod("web", "worker-a", webSpec("app:v1"))
			c.runFor(45 * time.Minute)
			starts := c.log.Query(trace.Verbs(trace.CRIStartContainer)).Events()
			if len(starts) < 4 {
				t.Fatalf("%d starts", len(starts))
			}
			immediate := true
			for i := 1; i < len(starts); i++ {
				exit := starts[i-1].Time.Add(time.Second + tc.exitAfter)
				if starts[i].Time.Sub(exit) > 2*time.Second {
					immediate = false
				}
			}
			if immediate != tc.wantNow {
				var ts []string
				for _, s := range starts {
					ts = append(ts, s.Time.String())
				}
				t.Errorf("starts at %v: immediate restarts = %v, want %v", ts, immediate, tc.wantNow)
			}
		})
	}
}
