package scheduler

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// TestEventSeries: repeats of an isomorphic event (same Pod version, same
// reason) become a series: the first repeat PATCHes series.count 2, later
// ones only count, and the final count is written when the series has been
// quiet for 6 minutes, at the recorder's next 6-minute tick.
func TestEventSeries(t *testing.T) {
	h := newHarness(t)
	h.startScheduler()
	h.pod(podSpec{name: "web-1"})
	h.run(45 * time.Second) // attempts at 0.005, 2, 5, 10, 19, 30, 41 s
	// A Pod that failed with an error waits in the error backoffQ, which no
	// event shortens: the new node is tried at the next attempt, at 52 s.
	h.node(nodeSpec{name: "worker-a", cpu: "4", memory: "8Gi"})
	h.run(6 * time.Second)
	if n := h.nodeOf("web-1"); n != "" {
		t.Fatalf("web-1 bound to %s before its backoff ended", n)
	}
	h.run(2 * time.Second)
	if n := h.nodeOf("web-1"); n != "worker-a" {
		t.Fatalf("web-1 on %q at 53 s", n)
	}
	count := func() (int, int64) {
		l, err := h.admin.List(h.kind("Event"), "demo", api.ListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		failed, max := 0, int64(0)
		for _, e := range l.Items {
			if e.GetString(".reason") != "FailedScheduling" {
				continue
			}
			failed++
			if s, _ := e.Content["series"].(map[string]any); s != nil {
				c, _ := s["count"].(int64)
				max = c
			}
		}
		return failed, max
	}
	// The first attempt's event, then one for the Pod as it was after the
	// status PATCH, repeated five times more.
	if n, c := count(); n != 2 || c != 2 {
		t.Fatalf("after 53s: %d FailedScheduling events, series count %d; want 2 and 2", n, c)
	}
	h.run(12 * time.Minute)
	if n, c := count(); n != 2 || c != 6 {
		t.Errorf("after the series finished: %d events, series count %d; want 2 and 6", n, c)
	}
}
