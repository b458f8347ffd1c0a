package kubelet

import (
	"strings"
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// A Pod bound to the node goes Pending → Running → Ready: the kubelet's
// API calls and node-local calls in order, and each state the Pod's status
// went through.
func TestPodStart(t *testing.T) {
	slow := runtime.DefaultImage(env.Default())
	slow.ReadyAfter = 3 * time.Second
	slow.Logs = []string{"listening on :80"}
	initImage := runtime.DefaultImage(env.Default())
	initImage.Exits, initImage.ExitAfter = true, 2*time.Second
	images := map[string]runtime.Image{"web:v1": slow, "migrate:v1": initImage}
	probe := map[string]any{"httpGet": map[string]any{"path": "/healthz", "port": int64(80)}, "periodSeconds": int64(5)}
	tests := []struct {
		name string
		spec map[string]any
	}{
		{"plain", webSpec("nginx:1.29")},
		{"readiness", map[string]any{"containers": []any{map[string]any{"name": "web", "image": "web:v1",
			"ports": []any{map[string]any{"containerPort": int64(80)}}, "readinessProbe": probe}}}},
		{"init", map[string]any{
			"initContainers": []any{map[string]any{"name": "migrate", "image": "migrate:v1"}},
			"containers":     []any{map[string]any{"name": "web", "image": "nginx:1.29"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newCluster(t, images, "worker-a")
			c.start("worker-a")
			c.runFor(time.Second)
			rec := c.watchPod("web")
			from := c.log.Len()
			c.createPod("web", "worker-a", tc.spec)
			c.runFor(30 * time.Second)
			golden(t, "pod-start-"+tc.name, c.traceLines(from, byKubelets)+"\n"+rec.summaries())

			pod := c.get("Pod", "demo", "web")
			v := object.ViewPod(pod)
			if v.Phase != "Running" || !v.IsReady() {
				t.Fatalf("phase %s ready %v, want Running and Ready", v.Phase, v.IsReady())
			}
			checks := []struct{ path, want string }{
				{".status.podIP", "10.244.1.2"},
				{".status.podIPs[0].ip", "10.244.1.2"},
				{".status.hostIP", "10.0.1.11"},
				{".status.hostIPs[0].ip", "10.0.1.11"},
				{".status.qosClass", "BestEffort"},
				{".status.startTime", "2026-01-01T00:00:01Z"},
				{".status.conditions[type=PodScheduled].status", "True"},
				{".status.containerStatuses[name=web].containerID", ""},
			}
			for _, ch := range checks {
				got := pod.GetString(ch.path)
				if ch.want == "" {
					if !strings.HasPrefix(got, "containerd://") || len(got) != len("containerd://")+64 {
						t.Errorf("%s = %q, want containerd:// and 64 hex digits", ch.path, got)
					}
					continue
				}
				if got != ch.want {
					t.Errorf("%s = %q, want %q", ch.path, got, ch.want)
				}
			}
			img := pod.GetString(".status.containerStatuses[name=web].image")
			if img != runtime.Normalize(v.Containers[0].Image) {
				t.Errorf("image = %q, want the normalized reference", img)
			}
			if id := pod.GetString(".status.containerStatuses[name=web].imageID"); id != runtime.ImageRef(v.Containers[0].Image) {
				t.Errorf("imageID = %q", id)
			}
			// The data plane reaches the Pod at its IP.
			ep, ok := c.net.Pod("10.244.1.2")
			if !ok || ep.Pod != "demo/web" || ep.Node != "worker-a" {
				t.Fatalf("network endpoint = %+v, %v", ep, ok)
			}
			if a := ep.Backend.Serve(80, "/"); a.Code != 200 {
				t.Errorf("GET / = %+v, want 200", a)
			}
		})
	}
}
