package gctune

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  string // GOGC, "" for unset
		want int
	}{
		// Before the first cycle the goal is 4 MiB scaled by the
		// percentage: 3100% puts it at the 128 MiB floor.
		{"unset", "", 3100},
		{"user's choice stands", "150", 150},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := debug.SetGCPercent(150)
			defer debug.SetGCPercent(before)
			if tc.env != "" {
				t.Setenv("GOGC", tc.env)
			} else {
				t.Setenv("GOGC", "") // restored after the test
				if err := os.Unsetenv("GOGC"); err != nil {
					t.Fatal(err)
				}
			}
			stop := Apply()
			got := debug.SetGCPercent(150)
			stop()
			if got != tc.want {
				t.Errorf("GOGC after Apply = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestPercentFor(t *testing.T) {
	p := &pacer{percent: 400, floor: 128 << 20}
	for _, tc := range []struct {
		name string
		live int64
		want int
	}{
		{"nothing measured yet", 0, 400},
		{"a small live heap reaches the floor", 4 << 20, 3100},
		{"a quarter of the floor: 300% would reach it, percent is more", 32 << 20, 400},
		{"a fifth of the floor: percent's own goal is the floor", 128 << 20 / 5, 400},
		{"half the floor", 64 << 20, 400},
		{"above the floor", 256 << 20, 400},
		{"a byte: capped", 1, math.MaxInt32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.percentFor(tc.live); got != tc.want {
				t.Errorf("percentFor(%d) = %d, want %d", tc.live, got, tc.want)
			}
		})
	}
}

func TestLimitFor(t *testing.T) {
	p := &pacer{percent: 400, floor: 128 << 20, ceiling: 1536 << 20}
	for _, tc := range []struct {
		name string
		live int64
		want int64
	}{
		{"nothing measured yet", 0, 1536 << 20},
		{"a small live heap", 64 << 20, 1536 << 20},
		{"MinPercent's room fits under the ceiling", 700 << 20, 1536 << 20},
		{"near the ceiling: MinPercent's room over live", 1400 << 20, 1400 << 20 / 100 * (100 + MinPercent)},
		{"past the ceiling", 2 << 30, 2 << 30 / 100 * (100 + MinPercent)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := p.limitFor(tc.live); got != tc.want {
				t.Errorf("limitFor(%d) = %d, want %d", tc.live, got, tc.want)
			}
		})
	}
	if got := (&pacer{percent: 400}).limitFor(1 << 30); got != math.MaxInt64 {
		t.Errorf("without a ceiling limitFor = %d, want no limit", got)
	}
}

// TestPaceSetsAndRestoresTheLimit: a pace with a ceiling sets the memory
// limit to it, and stop puts the previous limit back.
func TestPaceSetsAndRestoresTheLimit(t *testing.T) {
	before := debug.SetMemoryLimit(3 << 30)
	defer debug.SetMemoryLimit(before)
	stop := Pace(400, 128<<20, 1<<30)
	got := debug.SetMemoryLimit(-1)
	stop()
	if got != 1<<30 {
		t.Errorf("memory limit while pacing = %d, want %d", got, 1<<30)
	}
	if after := debug.SetMemoryLimit(-1); after != 3<<30 {
		t.Errorf("memory limit after stop = %d, want the previous %d", after, 3<<30)
	}
}

// TestPaceFollowsTheLiveHeap holds a live heap of 32 MiB under a floor of
// 256 MiB, then drops it: after each collection the percentage is the one
// that puts the goal at the floor for what is live.
func TestPaceFollowsTheLiveHeap(t *testing.T) {
	const floor = 256 << 20
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	stop := Pace(400, floor, 0)
	defer stop()

	held := make([][]byte, 32)
	for i := range held {
		held[i] = make([]byte, 1<<20)
	}
	live := waitForPercent(t, func(pct int) bool { return pct > 400 })
	// The goal is the floor: live × (1 + pct/100), within what the
	// heap held besides (the test binary's own).
	if goal := live * (100 + int64(currentPercent())) / 100; goal < floor*9/10 || goal > floor*11/10 {
		t.Errorf("with %d MiB live the goal is %d MiB, want about %d MiB", live>>20, goal>>20, floor>>20)
	}
	withHeld := currentPercent()
	runtime.KeepAlive(held)
	held = nil
	waitForPercent(t, func(pct int) bool { return pct > withHeld })

	stop()
	if got := currentPercent(); got != 100 {
		t.Errorf("after stop the percentage is %d, want the previous 100", got)
	}
}

// waitForPercent collects until the percentage the pacer set satisfies
// ok, and returns the live heap then; the pacer sets it from a cleanup,
// which runs a moment after the collection.
func waitForPercent(t *testing.T, ok func(int) bool) int64 {
	t.Helper()
	for range 200 {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if pct := currentPercent(); ok(pct) {
			return liveHeap()
		}
	}
	t.Fatalf("the percentage stayed %d", currentPercent())
	return 0
}

// currentPercent reads the collector's target percentage.
func currentPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(s[0].Value.Uint64())
}
