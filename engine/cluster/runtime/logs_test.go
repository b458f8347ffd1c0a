package runtime

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/env"
)

func TestContainerLogs(t *testing.T) {
	im := DefaultImage(env.Default())
	im.Logs = []string{"starting", "listening on :80"}
	n := newNode(t, map[string]Image{"app:v1": im})
	_, id := n.running(podA, "app:v1", ContainerConfig{Attempt: 3})
	n.loop.RunFor(time.Minute)
	written := n.loop.Now()
	if err := n.rt.WriteLog(id, "GET / 200"); err != nil {
		t.Fatal(err)
	}
	two := int64(2)
	tests := []struct {
		name string
		opts LogOptions
		want []string
	}{
		{"all", LogOptions{}, []string{"starting", "listening on :80", "GET / 200"}},
		{"tail", LogOptions{TailLines: &two}, []string{"listening on :80", "GET / 200"}},
		{"since", LogOptions{Since: n.loop.Now()}, []string{"GET / 200"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := n.rt.ContainerLogs(id, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(lines) != len(tc.want) {
				t.Fatalf("%d lines, want %d", len(lines), len(tc.want))
			}
			for i, l := range lines {
				if l.Text != tc.want[i] || l.Stream != "stdout" {
					t.Errorf("line %d = %+v, want %q", i, l, tc.want[i])
				}
			}
		})
	}
	lines, _ := n.rt.ContainerLogs(id, LogOptions{})
	if started := n.status(id).StartedAt; lines[0].Time != started || lines[2].Time != written {
		t.Errorf("line times %v %v, want %v and %v", lines[0].Time, lines[2].Time, started, written)
	}
	// The log directory survives a reboot; the container does not.
	n.rt.Kill()
	n.rt.Restart()
	if _, err := n.rt.ContainerLogs(id, LogOptions{}); err == nil {
		t.Error("the container survived the reboot")
	}
	if a, ok := n.rt.LastAttempt("uid-a", "web"); !ok || a != 3 {
		t.Errorf("LastAttempt = %d, %v, want 3", a, ok)
	}
	if _, ok := n.rt.LastAttempt("uid-a", "other"); ok {
		t.Error("LastAttempt found logs of a container that never ran")
	}
}
