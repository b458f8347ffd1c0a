package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Graceful deletion: the API server marks the Pod (deletionTimestamp, 30 s
// grace); the kubelet runs the preStop hook, stops the containers with what
// is left of the grace period (SIGKILL when it runs out), stops the
// sandbox, reports the terminal phase, and deletes the Pod for good with
// gracePeriodSeconds 0 and a UID precondition.
func TestGracefulDeletion(t *testing.T) {
	prompt := runtime.DefaultImage(env.Default())
	stubborn := runtime.DefaultImage(env.Default())
	stubborn.StopDuration = time.Hour // PID 1 without a SIGTERM handler
	bad := runtime.DefaultImage(env.Default())
	bad.PullFails = true
	images := map[string]runtime.Image{"prompt:v1": prompt, "stubborn:v1": stubborn, "no-such-image:v9": bad}
	preStop := map[string]any{"preStop": map[string]any{"sleep": map[string]any{"seconds": int64(5)}}}
	tests := []struct {
		name      string
		image     string
		lifecycle map[string]any
		gone      time.Duration // from the delete to the final DELETE
		phase     string        // the terminal phase reported
		exitCode  int64
		stopGrace string // the StopContainer call, "" for none
	}{
		{name: "exits on SIGTERM", image: "prompt:v1", gone: 5 * time.Millisecond, phase: "Succeeded", stopGrace: "web"},
		{name: "killed after the grace period", image: "stubborn:v1", gone: 30*time.Second + 5*time.Millisecond, phase: "Failed", exitCode: 137, stopGrace: "web"},
		{name: "preStop sleep", image: "stubborn:v1", lifecycle: preStop, gone: 30*time.Second + 5*time.Millisecond, phase: "Failed", exitCode: 137, stopGrace: "web"},
		{name: "never started", image: "no-such-image:v9", gone: 5 * time.Millisecond, phase: "Failed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, images, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			spec := webSpec(tc.image)
			if tc.lifecycle != nil {
				spec["containers"].([]any)[0].(map[string]any)["lifecycle"] = tc.lifecycle
			}
			pod := c.createPod("web", "worker-a", spec)
			c.runFor(15 * time.Second)
			rec := c.watchPod("web")
			from := c.log.Len()
			start := c.loop.Now()
			if _, err := c.admin.Delete(c.kind("Pod"), "demo", "web", api.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			marked := c.get("Pod", "demo", "web")
			if g := marked.Meta.DeletionGracePeriodSeconds; g == nil || *g != 30 {
				t.Fatalf("deletionGracePeriodSeconds = %v, want 30", g)
			}
			c.runFor(45 * time.Second)
			golden(t, "delete-"+tc.name, c.traceLines(from, func(ev *trace.Event) bool {
				return (byKubelets(ev) || ev.Verb == trace.Delete) && (ev.Resource == "pods" || ev.Verb.Kind() == trace.KindNodeLocal)
			})+"\n"+rec.summaries())

			final, ok := c.log.Query(trace.From("kubelet/worker-a"), trace.Verbs(trace.Delete), trace.Resource("pods")).First()
			if !ok {
				t.Fatal("the kubelet never deleted the Pod")
			}
			if d := final.Time.Sub(start); d != tc.gone {
				t.Errorf("final DELETE %v after the delete, want %v", d, tc.gone)
			}
			if final.Outcome.Code != 200 {
				t.Errorf("final DELETE outcome %+v", final.Outcome)
			}
			if _, err := c.admin.Get(c.kind("Pod"), "demo", "web"); !api.IsReason(err, api.ReasonNotFound) {
				t.Errorf("pod still there: %v", err)
			}
			// The last state the Pod had before it went.
			last := rec.objs[len(rec.objs)-1]
			if p := last.GetString(".status.phase"); p != tc.phase {
				t.Errorf("final phase %q, want %q", p, tc.phase)
			}
			if tc.exitCode != 0 {
				if code, _, _ := last.Get(".status.containerStatuses[0].state.terminated.exitCode"); code != tc.exitCode {
					t.Errorf("exit code %v, want %d", code, tc.exitCode)
				}
			}
			if last.Meta.UID != pod.Meta.UID {
				t.Errorf("UID changed")
			}
			stops := c.log.Query(trace.Verbs(trace.CRIStopContainer)).After(from - 1).Events()
			if (len(stops) > 0) != (tc.stopGrace != "") {
				t.Errorf("%d StopContainer calls", len(stops))
			}
			if tc.lifecycle != nil && len(stops) > 0 {
				if d := stops[0].Time.Sub(start); d != 5*time.Second+5*time.Millisecond {
					t.Errorf("StopContainer %v after the delete, want after the 5 s preStop sleep", d)
				}
			}
			if _, ok := c.net.Pod("10.244.1.2"); ok {
				t.Error("the Pod IP is still on the network")
			}
			// The container GC removes the sandbox at its next run.
			c.runFor(time.Minute)
			if n := len(c.runtimes["worker-a"].ListPodSandbox("")); n != 0 {
				t.Errorf("%d sandboxes left", n)
			}
			_ = sim.Time(0)
		})
	}
}

// A Pod that completes with restartPolicy Never ends Succeeded or Failed
// and stays, its sandbox stopped.
func TestRestartPolicyNever(t *testing.T) {
	for _, code := range []int{0, 3} {
		im := runtime.DefaultImage(env.Default())
		im.Exits, im.ExitAfter, im.ExitCode = true, 2*time.Second, code
		c := newCluster(t, map[string]runtime.Image{"job:v1": im}, "worker-a")
		c.start("worker-a")
		c.runFor(time.Second)
		spec := webSpec("job:v1")
		spec["restartPolicy"] = "Never"
		c.createPod("web", "worker-a", spec)
		c.runFor(time.Minute)
		p := c.get("Pod", "demo", "web")
		want := map[int]string{0: "Succeeded", 3: "Failed"}[code]
		if got := p.GetString(".status.phase"); got != want {
			t.Errorf("exit %d: phase %q, want %q", code, got, want)
		}
		if r := p.GetString(".status.conditions[type=Ready].reason"); r != map[int]string{0: "PodCompleted", 3: "PodFailed"}[code] {
			t.Errorf("exit %d: Ready reason %q", code, r)
		}
		if n := c.log.Query(trace.Verbs(trace.CRIStartContainer)).Count(); n != 1 {
			t.Errorf("exit %d: %d starts, want 1", code, n)
		}
		if n := c.log.Query(trace.Verbs(trace.CRIStopPodSandbox)).Count(); n != 1 {
			t.Errorf("exit %d: %d sandbox stops, want 1", code, n)
		}
		if ip := p.GetString(".status.podIP"); ip != "" {
			t.Errorf("exit %d: podIP %q after the sandbox stopped", code, ip)
		}
	}
}

// A Pod deleted while its image is being pulled creates no container: the
// deletion cancels the sync in flight, and the Pod goes once the pull
// returns.
func TestDeleteDuringPull(t *testing.T) {
	slow := runtime.DefaultImage(env.Default())
	slow.PullDuration = 20 * time.Second
	c := newCluster(t, map[string]runtime.Image{"big:v1": slow}, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", webSpec("big:v1"))
	c.runFor(5 * time.Second)
	if _, err := c.admin.Delete(c.kind("Pod"), "demo", "web", api.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.runFor(30 * time.Second)
	if n := c.log.Query(trace.Verbs(trace.CRICreateContainer)).Count(); n != 0 {
		t.Errorf("%d containers created for a deleted Pod", n)
	}
	if _, err := c.admin.Get(c.kind("Pod"), "demo", "web"); !api.IsReason(err, api.ReasonNotFound) {
		t.Errorf("pod still there: %v", err)
	}
}

// Changing a running container's image restarts it in the same Pod with
// the new image.
func TestImageUpdate(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", webSpec("web:v1"))
	c.runFor(10 * time.Second)
	patch := map[string]any{"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v2"}}}}
	if _, err := c.admin.Patch(c.kind("Pod"), "demo", "web", api.StrategicMergePatch, patch, api.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	c.runFor(10 * time.Second)
	p := c.get("Pod", "demo", "web")
	if img := p.GetString(".status.containerStatuses[0].image"); img != "docker.io/library/web:v2" {
		t.Errorf("image %q, want web:v2", img)
	}
	if n, _, _ := p.Get(".status.containerStatuses[0].restartCount"); n != int64(1) {
		t.Errorf("restartCount %v, want 1", n)
	}
	if !c.ready("web") {
		t.Error("not ready")
	}
}
