package sim

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestLoopOrder(t *testing.T) {
	type sched struct {
		at   time.Duration
		name string
	}
	tests := []struct {
		name  string
		sched []sched
		want  string
	}{
		{"by time", []sched{{3 * time.Second, "c"}, {1 * time.Second, "a"}, {2 * time.Second, "b"}}, "a b c"},
		{"ties in insertion order", []sched{{time.Second, "x"}, {time.Second, "y"}, {0, "w"}, {time.Second, "z"}}, "w x y z"},
		{"many ties", []sched{{0, "1"}, {0, "2"}, {0, "3"}, {0, "4"}, {0, "5"}, {0, "6"}, {0, "7"}, {0, "8"}}, "1 2 3 4 5 6 7 8"},
		{"mixed", []sched{{2, "b1"}, {1, "a1"}, {2, "b2"}, {1, "a2"}, {3, "c"}, {2, "b3"}}, "a1 a2 b1 b2 b3 c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLoop()
			var got []string
			for _, s := range tc.sched {
				l.At(Time(s.at), func() { got = append(got, s.name) })
			}
			l.Run()
			if g := strings.Join(got, " "); g != tc.want {
				t.Errorf("order = %q, want %q", g, tc.want)
			}
		})
	}
}

func TestLoopClockAndNesting(t *testing.T) {
	l := NewLoop()
	var log []string
	rec := func(s string) { log = append(log, l.Now().String()+" "+s) }
	l.After(time.Second, func() {
		rec("a")
		l.After(0, func() { rec("a-now") })       // same instant, after b
		l.At(0, func() { rec("a-past") })         // past: runs now, after a-now
		l.After(time.Second, func() { rec("c") }) // at 2s
	})
	l.After(time.Second, func() { rec("b") })
	if n := l.Run(); n != 5 {
		t.Errorf("Run ran %d events, want 5", n)
	}
	want := []string{"1.000s a", "1.000s b", "1.000s a-now", "1.000s a-past", "2.000s c"}
	if !slices.Equal(log, want) {
		t.Errorf("log = %q, want %q", log, want)
	}
	if l.Fired() != 5 || l.Pending() != 0 {
		t.Errorf("Fired=%d Pending=%d", l.Fired(), l.Pending())
	}
}

func TestTimerStop(t *testing.T) {
	l := NewLoop()
	fired := map[string]bool{}
	mk := func(name string, at time.Duration) *Timer {
		return l.At(Time(at), func() { fired[name] = true })
	}
	a, b, c := mk("a", 1), mk("b", 2), mk("c", 3)
	d := mk("d", 2)
	if !b.Stop() {
		t.Error("Stop of a pending timer = false")
	}
	if b.Stop() {
		t.Error("second Stop = true")
	}
	// A timer stopped by an earlier event never fires.
	l.At(0, func() { c.Stop() })
	l.Run()
	for name, want := range map[string]bool{"a": true, "b": false, "c": false, "d": true} {
		if fired[name] != want {
			t.Errorf("%s fired = %v, want %v", name, fired[name], want)
		}
	}
	if a.Stop() || a.Pending() {
		t.Error("a fired timer reports pending")
	}
	_ = d
}

func TestTimerReset(t *testing.T) {
	l := NewLoop()
	n := 0
	var tm *Timer
	tm = l.NewTimer(Func(func() {
		n++
		if n < 3 {
			tm.Reset(l.Now().Add(10 * time.Second)) // periodic without new allocations
		}
	}))
	if tm.Pending() {
		t.Fatal("new timer pending")
	}
	tm.Reset(5 * Time(time.Second))
	if was := tm.Reset(Time(time.Second)); !was {
		t.Error("Reset of pending timer = false")
	}
	l.Run()
	if n != 3 || l.Now() != Time(21*time.Second) {
		t.Errorf("n=%d now=%v, want 3 at 21s", n, l.Now())
	}
}

// TestInitTimer: a Timer kept inside its owner is the zero value until
// InitTimer, then behaves as NewTimer's: it fires, is re-armed, stops.
func TestInitTimer(t *testing.T) {
	l := NewLoop()
	var owner struct {
		tm    Timer
		fired []Time
	}
	if owner.tm.Initialized() {
		t.Fatal("a zero Timer reports initialised")
	}
	l.InitTimer(&owner.tm, Func(func() { owner.fired = append(owner.fired, l.Now()) }))
	if !owner.tm.Initialized() || owner.tm.Pending() {
		t.Fatal("an initialised timer is not ready, or already pending")
	}
	owner.tm.Reset(Time(time.Second))
	l.Run()
	owner.tm.Reset(l.Now().Add(time.Second))
	if !owner.tm.Stop() {
		t.Error("Stop of a pending timer = false")
	}
	l.Run()
	if len(owner.fired) != 1 || owner.fired[0] != Time(time.Second) {
		t.Errorf("fired at %v, want once at 1s", owner.fired)
	}
}

func TestRunUntil(t *testing.T) {
	tests := []struct {
		name    string
		limit   time.Duration
		target  int
		wantOK  bool
		wantNow Time
	}{
		{"holds at start", time.Minute, 0, true, 0},
		{"stops at the event that makes it true", time.Minute, 3, true, Time(3 * time.Second)},
		{"gives up at the limit", 2500 * time.Millisecond, 3, false, Time(2500 * time.Millisecond)},
		{"queue runs dry", time.Minute, 99, false, Time(time.Minute)},
		{"event exactly at the limit counts", 3 * time.Second, 3, true, Time(3 * time.Second)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLoop()
			count := 0
			for i := 1; i <= 5; i++ {
				l.At(Time(time.Duration(i)*time.Second), func() { count++ })
			}
			ok := l.RunUntil(func() bool { return count >= tc.target }, tc.limit)
			if ok != tc.wantOK || l.Now() != tc.wantNow {
				t.Errorf("RunUntil = %v at %v, want %v at %v", ok, l.Now(), tc.wantOK, tc.wantNow)
			}
		})
	}
}

func TestRunFor(t *testing.T) {
	l := NewLoop()
	var at []Time
	tick := l.NewTimer(nil)
	tick.h = Func(func() { at = append(at, l.Now()); tick.Reset(l.Now().Add(time.Second)) })
	tick.Reset(Time(time.Second))
	l.RunFor(3500 * time.Millisecond)
	if len(at) != 3 || l.Now() != Time(3500*time.Millisecond) {
		t.Errorf("ticks %v, now %v", at, l.Now())
	}
	if next, ok := l.Next(); !ok || next != Time(4*time.Second) {
		t.Errorf("Next = %v %v", next, ok)
	}
}

func TestPost(t *testing.T) {
	l := NewLoop()
	var got []int
	h := recorder{out: &got}
	for i := range 4 {
		h.v = i
		l.Post(Time(time.Duration(4-i)*time.Millisecond), h)
	}
	l.Run()
	if !slices.Equal(got, []int{3, 2, 1, 0}) {
		t.Errorf("got %v", got)
	}
}

type recorder struct {
	v   int
	out *[]int
}

func (r recorder) Fire() { *r.out = append(*r.out, r.v) }

func TestTimeString(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0.000s"},
		{5250 * time.Millisecond, "5.250s"},
		{65200 * time.Millisecond, "1m05.200s"},
		{2 * time.Hour, "2h00m00.000s"},
		{time.Hour + 2*time.Minute + 3*time.Second + time.Millisecond, "1h02m03.001s"},
		{time.Second + 250*time.Microsecond, "1.00025s"},
		{time.Nanosecond, "0.000000001s"},
		{-1500 * time.Millisecond, "-1.500s"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			got := Time(tc.d).String()
			if got != tc.want {
				t.Fatalf("String(%d) = %q, want %q", tc.d, got, tc.want)
			}
			back, err := ParseTime(got)
			if err != nil || back != Time(tc.d) {
				t.Errorf("ParseTime(%q) = %v, %v", got, back, err)
			}
		})
	}
	if _, err := ParseTime("soon"); err == nil {
		t.Error("ParseTime(soon) succeeded")
	}
}

func TestTimeRFC3339(t *testing.T) {
	got := Time(90*time.Second + 700*time.Millisecond).RFC3339()
	if got != "2026-01-01T00:01:30Z" {
		t.Errorf("RFC3339 = %q", got)
	}
}
