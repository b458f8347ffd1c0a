package client_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func TestReflectorBackoff(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		gaps []time.Duration // virtual time before each Next
		want []time.Duration
	}{
		{"doubles from 800ms to the 30s cap",
			[]time.Duration{0, 0, 0, 0, 0, 0, 0, 0},
			[]time.Duration{800 * ms, 1600 * ms, 3200 * ms, 6400 * ms, 12800 * ms, 25600 * ms, 30 * time.Second, 30 * time.Second}},
		{"keeps growing while used within 2 minutes",
			[]time.Duration{0, 2 * time.Minute, 2 * time.Minute},
			[]time.Duration{800 * ms, 1600 * ms, 3200 * ms}},
		{"resets after more than 2 minutes unused",
			[]time.Duration{0, 0, 2*time.Minute + ms, 0},
			[]time.Duration{800 * ms, 1600 * ms, 800 * ms, 1600 * ms}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := sim.Time(0)
			b := client.NewReflectorBackoff(nil, now)
			for i, gap := range tt.gaps {
				now = now.Add(gap)
				if got := b.Next(now); got != tt.want[i] {
					t.Errorf("Next #%d = %v, want %v", i, got, tt.want[i])
				}
			}
		})
	}
}

// TestReflectorBackoffJitter: with jitter 1.0 each delay lies in
// [d, 2d), and once capped in [30s, 60s).
func TestReflectorBackoffJitter(t *testing.T) {
	b := client.NewReflectorBackoff(sim.NewRand(7), 0)
	d := 800 * time.Millisecond
	for i := range 12 {
		got := b.Next(0)
		if got < d || got >= 2*d {
			t.Errorf("Next #%d = %v, want in [%v, %v)", i, got, d, 2*d)
		}
		d = min(2*d, 30*time.Second)
	}
}
