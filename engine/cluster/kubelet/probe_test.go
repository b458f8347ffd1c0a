package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

func probeSpec(probes map[string]any) map[string]any {
	c := map[string]any{"name": "web", "image": "web:v1", "ports": []any{map[string]any{"containerPort": int64(80)}}}
	for k, v := range probes {
		c[k] = v
	}
	return map[string]any{"containers": []any{c}}
}

func httpProbe(path string, extra map[string]any) map[string]any {
	p := map[string]any{"httpGet": map[string]any{"path": path, "port": int64(80)}}
	for k, v := range extra {
		p[k] = v
	}
	return p
}

// A Ready Pod whose readiness probe starts failing turns not Ready after
// failureThreshold (3) failures 10 s apart — the EndpointSlice controller
// then drops it — and Ready again after one success.
func TestReadinessFailure(t *testing.T) {
	c := newCluster(t, nil, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	c.createPod("web", "worker-a", probeSpec(map[string]any{"readinessProbe": httpProbe("/healthz", nil)}))
	c.runFor(29 * time.Second)
	pod := object.ViewPod(c.get("Pod", "demo", "web"))
	if !pod.IsReady() {
		t.Fatalf("pod not Ready at 30s: %+v", pod.Conditions)
	}
	rec := c.watchPod("web")
	from := c.log.Len()
	c.runtimes["worker-a"].SetAnswer("demo", "web", "web", "/healthz", runtime.HTTPAnswer{Status: 503, Body: "draining"})
	c.runFor(40 * time.Second)
	failures := c.log.Query(trace.Verbs(trace.Probe), trace.Failed()).After(from - 1).Events()
	if len(failures) < 3 {
		t.Fatalf("%d failed probes, want at least 3", len(failures))
	}
	for _, f := range failures {
		if f.Outcome.Code != 503 || f.Outcome.Reason != "Unhealthy" || f.Outcome.Message != "Readiness probe failed: HTTP probe failed with statuscode: 503" {
			t.Errorf("failed probe outcome = %+v", f.Outcome)
		}
	}
	got := c.get("Pod", "demo", "web")
	checks := []struct{ path, want string }{
		{".status.phase", "Running"},
		{".status.conditions[type=Ready].status", "False"},
		{".status.conditions[type=Ready].reason", "ContainersNotReady"},
		{".status.conditions[type=Ready].message", "containers with unready status: [web]"},
		{".status.conditions[type=ContainersReady].status", "False"},
		{".status.conditions[type=ContainersReady].message", "containers with unready status: [web]"},
	}
	for _, ch := range checks {
		if v := got.GetString(ch.path); v != ch.want {
			t.Errorf("%s = %q, want %q", ch.path, v, ch.want)
		}
	}
	if ready, _, _ := got.Get(".status.containerStatuses[0].ready"); ready != false {
		t.Errorf("container ready = %v, want false", ready)
	}
	c.runtimes["worker-a"].SetAnswer("demo", "web", "web", "/healthz", runtime.HTTPAnswer{Status: -1})
	c.runFor(15 * time.Second)
	if !c.ready("web") {
		t.Error("pod not Ready again after the probe passed")
	}
	golden(t, "readiness-failure", c.traceLines(from, byKubelets)+"\n"+rec.summaries())
}

// A failing liveness probe gets the container killed and restarted in the
// same Pod; a startup probe holds the other probes back until it passes.
func TestLivenessAndStartup(t *testing.T) {
	tests := []struct {
		name   string
		probes map[string]any
		breaks bool // /healthz fails from 30s
		check  func(t *testing.T, c *cluster)
	}{
		{
			name:   "liveness",
			probes: map[string]any{"livenessProbe": httpProbe("/healthz", map[string]any{"periodSeconds": int64(5)})},
			breaks: true,
			check: func(t *testing.T, c *cluster) {
				p := c.get("Pod", "demo", "web")
				if n, _, _ := p.Get(".status.containerStatuses[0].restartCount"); n.(int64) < 1 {
					t.Errorf("restartCount = %v, want ≥ 1", n)
				}
				if p.GetString(".status.containerStatuses[0].lastState.terminated.reason") != "Completed" {
					t.Errorf("lastState = %v", p.GetString(".status.containerStatuses[0].lastState"))
				}
				stops := c.log.Query(trace.Verbs(trace.CRIStopContainer)).Count()
				if stops < 1 {
					t.Errorf("no CRI.StopContainer after the liveness failures")
				}
			},
		},
		{
			name: "startup",
			probes: map[string]any{
				"startupProbe":   httpProbe("/healthz", map[string]any{"periodSeconds": int64(2), "failureThreshold": int64(10)}),
				"livenessProbe":  httpProbe("/healthz", nil),
				"readinessProbe": httpProbe("/ready", nil),
			},
			check: func(t *testing.T, c *cluster) {
				startupOK := sim.Time(-1)
				for ev := range c.log.Query(trace.Verbs(trace.Probe)).All() {
					kind := ev.Detail[:len("startup")]
					if kind == "startup" && !ev.Outcome.Failed() && startupOK < 0 {
						startupOK = ev.Time
					}
					if kind != "startup" && (startupOK < 0 || ev.Time < startupOK) {
						t.Errorf("%s before the startup probe passed", ev.Detail)
					}
				}
				if startupOK < 0 {
					t.Fatal("the startup probe never passed")
				}
				if !c.ready("web") {
					t.Error("pod not Ready")
				}
			},
		},
	}
	slow := runtime.Image{PullDuration: 2 * time.Second, StartDuration: time.Second, ReadyAfter: 7 * time.Second}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, map[string]runtime.Image{"web:v1": slow}, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			rec := c.watchPod("web")
			from := c.log.Len()
			c.createPod("web", "worker-a", probeSpec(tc.probes))
			c.runFor(29 * time.Second)
			if tc.breaks {
				c.runtimes["worker-a"].SetAnswer("demo", "web", "web", "/healthz", runtime.HTTPAnswer{Status: 500})
			}
			c.runFor(40 * time.Second)
			tc.check(t, c)
			golden(t, "probe-"+tc.name, c.traceLines(from, func(ev *trace.Event) bool {
				return byKubelets(ev) && ev.Resource == "pods"
			})+"\n"+rec.summaries())
		})
	}
}
