package runtime

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// A container's life from its image: it runs after StartDuration, exits
// by itself when its image says so, with containerd's reasons.
func TestContainerExits(t *testing.T) {
	img := func(f func(*Image)) Image {
		im := DefaultImage(env.Default())
		f(&im)
		return im
	}
	tests := []struct {
		name   string
		image  Image
		after  time.Duration // from the start's return
		state  ContainerState
		code   int
		reason string
	}{
		{"never exits", img(func(*Image) {}), time.Hour, StateRunning, 0, ""},
		{"completes", img(func(i *Image) { i.Exits, i.ExitAfter = true, 5*time.Second }), 5 * time.Second, StateExited, 0, "Completed"},
		{"fails", img(func(i *Image) { i.Exits, i.ExitCode = true, 3 }), 0, StateExited, 3, "Error"},
		{"OOM killed", img(func(i *Image) { i.Exits, i.OOMKilled, i.ExitAfter = true, true, time.Minute }), time.Minute, StateExited, 137, "OOMKilled"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := newNode(t, map[string]Image{"app:v1": tc.image})
			_, id := n.running(podA, "app:v1", ContainerConfig{})
			s := n.status(id)
			started := s.StartedAt
			n.loop.RunFor(tc.after + time.Second)
			s = n.status(id)
			if s.State != tc.state || s.ExitCode != tc.code || s.Reason != tc.reason {
				t.Fatalf("state %v code %d reason %q, want %v %d %q", s.State, s.ExitCode, s.Reason, tc.state, tc.code, tc.reason)
			}
			if tc.state == StateExited && s.FinishedAt.Sub(started) != tc.after {
				t.Errorf("ran %v, want %v", s.FinishedAt.Sub(started), tc.after)
			}
		})
	}
}

// StopContainer sends SIGTERM; a process that takes longer than the
// timeout to exit is killed (137).
func TestStopContainer(t *testing.T) {
	tests := []struct {
		name    string
		stop    time.Duration // the image's StopDuration
		timeout int64
		took    time.Duration
		code    int
		reason  string
	}{
		{"exits on SIGTERM", 0, 30, 0, 0, "Completed"},
		{"exits within the grace period", 4 * time.Second, 30, 4 * time.Second, 0, "Completed"},
		{"killed when the grace period runs out", time.Hour, 30, 30 * time.Second, 137, "Error"},
		{"timeout 0 kills at once", time.Second, 0, 0, 137, "Error"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			im := DefaultImage(env.Default())
			im.StopDuration = tc.stop
			n := newNode(t, map[string]Image{"app:v1": im})
			_, id := n.running(podA, "app:v1", ContainerConfig{})
			asked := n.loop.Now()
			var done sim.Time = -1
			n.rt.StopContainer(id, tc.timeout, func() { done = n.loop.Now() })
			n.loop.RunFor(time.Hour)
			if done < 0 {
				t.Fatal("StopContainer never returned")
			}
			if d := done.Sub(asked); d != tc.took {
				t.Errorf("returned after %v, want %v", d, tc.took)
			}
			s := n.status(id)
			if s.State != StateExited || s.ExitCode != tc.code || s.Reason != tc.reason {
				t.Errorf("state %v code %d reason %q, want exited %d %q", s.State, s.ExitCode, s.Reason, tc.code, tc.reason)
			}
			// A second stop of an exited container returns at once.
			again := false
			n.rt.StopContainer(id, 30, func() { again = true })
			if !again {
				t.Error("stopping an exited container did not return at once")
			}
		})
	}
}

// The calls the kubelet makes are recorded as node-local events from the
// kubelet to the runtime; the network set-up inside RunPodSandbox by the
// runtime itself.
func TestCRITrace(t *testing.T) {
	n := newNode(t, nil)
	sb, id := n.running(podA, "web:v1", ContainerConfig{})
	n.rt.StopContainer(id, 30, func() {})
	n.loop.RunFor(time.Second)
	if err := n.rt.RemoveContainer(id); err != nil {
		t.Fatal(err)
	}
	if err := n.rt.StopPodSandbox(sb); err != nil {
		t.Fatal(err)
	}
	if err := n.rt.RemovePodSandbox(sb); err != nil {
		t.Fatal(err)
	}
	var got []string
	for ev := range n.log.All() {
		got = append(got, string(ev.From)+" → "+string(ev.To)+" "+ev.Verb.String()+" "+ev.Namespace+"/"+ev.Name+" ["+ev.Detail+"]")
	}
	want := []string{
		"kubelet/worker-a → runtime/worker-a CRI.RunPodSandbox demo/web [attempt 0]",
		"runtime/worker-a →  CNI.Setup demo/web [eth0 10.244.1.2/24]",
		"kubelet/worker-a → runtime/worker-a CRI.PullImage demo/web [web:v1]",
		"kubelet/worker-a → runtime/worker-a CRI.CreateContainer demo/web [web]",
		"kubelet/worker-a → runtime/worker-a CRI.StartContainer demo/web [web]",
		"kubelet/worker-a → runtime/worker-a CRI.StopContainer demo/web [web]",
		"kubelet/worker-a → runtime/worker-a CRI.RemoveContainer demo/web [web]",
		"kubelet/worker-a → runtime/worker-a CRI.StopPodSandbox demo/web []",
		"runtime/worker-a →  CNI.Teardown demo/web [eth0 10.244.1.2/24]",
		"kubelet/worker-a → runtime/worker-a CRI.RemovePodSandbox demo/web []",
	}
	if len(got) != len(want) {
		t.Fatalf("events:\n%v\nwant\n%v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d = %q, want %q", i, got[i], want[i])
		}
	}
	if n.log.At(0).Verb.Kind() != trace.KindNodeLocal {
		t.Error("CRI calls are not node-local events")
	}
}

// A pull takes the image's PullDuration unless the node has the image; a
// failing image fails with containerd's NotFound.
func TestPullImage(t *testing.T) {
	bad := DefaultImage(env.Default())
	bad.PullFails = true
	n := newNode(t, map[string]Image{"no-such-image:v9": bad})
	type result struct {
		at  sim.Time
		ref string
		err error
	}
	pull := func(image string) *result {
		r := &result{at: -1}
		n.rt.PullImage(image, podA, func(ref string, err error) { r.at, r.ref, r.err = n.loop.Now(), ref, err })
		return r
	}
	first := pull("web:v1")
	n.loop.RunFor(time.Minute)
	if first.at != sim.Time(2*time.Second) || first.err != nil || first.ref != ImageRef("web:v1") {
		t.Errorf("first pull = %+v, want the reference after 2s", first)
	}
	asked := n.loop.Now()
	second := pull("web:v1")
	n.loop.RunFor(time.Minute)
	if second.at != asked {
		t.Errorf("a pull of a present image took %v", second.at.Sub(asked))
	}
	if _, ok := n.rt.ImageStatus("docker.io/library/web:v1"); !ok {
		t.Error("the pulled image is not on the node")
	}
	failed := pull("no-such-image:v9")
	n.loop.RunFor(time.Minute)
	const want = `rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/no-such-image:v9": failed to resolve reference "docker.io/library/no-such-image:v9": docker.io/library/no-such-image:v9: not found`
	if failed.err == nil || failed.err.Error() != want {
		t.Errorf("failing pull: %v", failed.err)
	}
	if _, ok := n.rt.ImageStatus("no-such-image:v9"); ok {
		t.Error("a failed pull left the image")
	}
	imgs := n.rt.ListImages()
	if len(imgs) != 2 || imgs[0].RepoTags[0] != "docker.io/library/web:v1" || imgs[1].RepoTags[0] != PauseImage {
		t.Errorf("images %+v, want web then pause (largest first)", imgs)
	}
}
