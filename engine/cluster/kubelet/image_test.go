package kubelet

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// An image whose pulls fail: ErrImagePull with containerd's error, then
// ImagePullBackOff while the pull back-off (10 s, doubling) runs, the two
// alternating; the container never starts.
func TestImagePullBackOff(t *testing.T) {
	bad := runtime.DefaultImage(env.Default())
	bad.PullFails = true
	c := newCluster(t, map[string]runtime.Image{"no-such-image:v9": bad}, "worker-a")
	c.start("worker-a")
	c.runFor(time.Second)
	rec := c.watchPod("web")
	from := c.log.Len()
	c.createPod("web", "worker-a", webSpec("no-such-image:v9"))
	c.runFor(2 * time.Minute)
	golden(t, "image-pull-backoff", c.traceLines(from, func(ev *trace.Event) bool {
		return byKubelets(ev) && ev.Resource == "pods"
	})+"\n"+rec.summaries())

	const pullErr = `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/no-such-image:v9": ` +
		`failed to resolve reference "docker.io/library/no-such-image:v9": docker.io/library/no-such-image:v9: not found`
	seen := map[string]string{}
	for _, o := range rec.objs {
		if r := o.GetString(".status.containerStatuses[0].state.waiting.reason"); r != "" {
			seen[r] = o.GetString(".status.containerStatuses[0].state.waiting.message")
		}
	}
	want := map[string]string{
		"ContainerCreating": "",
		"ErrImagePull":      pullErr,
		"ImagePullBackOff":  `Back-off pulling image "no-such-image:v9": ErrImagePull: ` + pullErr,
	}
	for r, m := range want {
		if got, ok := seen[r]; !ok || got != m {
			t.Errorf("waiting %s: message %q (seen %v), want %q", r, got, ok, m)
		}
	}
	pulls := c.log.Query(trace.Verbs(trace.CRIPullImage)).Events()
	if len(pulls) < 3 || pulls[0].Outcome.Reason != "ErrImagePull" {
		t.Fatalf("pulls = %d, first %+v", len(pulls), pulls)
	}
	// The pulls back off: 10 s, then 20 s, then 40 s at least between them.
	for i, min := range []time.Duration{10, 20, 40} {
		if i+1 >= len(pulls) {
			break
		}
		if d := pulls[i+1].Time.Sub(pulls[i].Time); d < min*time.Second {
			t.Errorf("pull %d came %v after the previous one, want at least %ds", i+1, d, min)
		}
	}
	if n := c.log.Query(trace.Verbs(trace.CRICreateContainer)).Count(); n != 0 {
		t.Errorf("%d containers created, want none", n)
	}
}

// imagePullPolicy decides whether the kubelet pulls: IfNotPresent pulls
// once per node, Always at every start, Never not at all.
func TestImagePullPolicy(t *testing.T) {
	tests := []struct {
		policy    string
		pulls     int
		waiting   string
		message   string
		preloaded bool
	}{
		{policy: "IfNotPresent", pulls: 1},
		{policy: "Always", pulls: 2},
		{policy: "Never", pulls: 0, waiting: "ErrImageNeverPull", message: `Container image "web:v1" is not present with pull policy of Never`},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			c := newCluster(t, nil, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			for _, name := range []string{"one", "two"} {
				spec := webSpec("web:v1")
				spec["containers"].([]any)[0].(map[string]any)["imagePullPolicy"] = tc.policy
				c.createPod(name, "worker-a", spec)
				c.runFor(10 * time.Second)
			}
			if n := c.log.Query(trace.Verbs(trace.CRIPullImage)).Count(); n != tc.pulls {
				t.Errorf("%d pulls, want %d", n, tc.pulls)
			}
			p := c.get("Pod", "demo", "two")
			if tc.waiting == "" {
				if !c.ready("two") {
					t.Errorf("pod two not ready")
				}
				return
			}
			if r := p.GetString(".status.containerStatuses[0].state.waiting.reason"); r != tc.waiting {
				t.Errorf("waiting reason = %q, want %q", r, tc.waiting)
			}
			if m := p.GetString(".status.containerStatuses[0].state.waiting.message"); m != tc.message {
				t.Errorf("waiting message = %q, want %q", m, tc.message)
			}
		})
	}
}
