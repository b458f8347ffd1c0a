package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// refLoop is the plain scheduler Step's re-arming in place replaces: every
// event taken out before it runs, every Reset scheduling anew, the
// earliest (time, sequence) found by a linear search.
type refLoop struct {
	now    Time
	seq    uint64
	events []*refEvent
}

type refEvent struct {
	at  Time
	seq uint64
	id  int
}

func (l *refLoop) schedule(at Time, id int) *refEvent {
	if at < l.now {
		at = l.now
	}
	l.seq++
	ev := &refEvent{at: at, seq: l.seq, id: id}
	l.events = append(l.events, ev)
	return ev
}

func (l *refLoop) cancel(ev *refEvent) bool {
	i := slices.Index(l.events, ev)
	if i < 0 {
		return false
	}
	l.events = slices.Delete(l.events, i, i+1)
	return true
}

func (l *refLoop) next() (*refEvent, bool) {
	if len(l.events) == 0 {
		return nil, false
	}
	m := 0
	for i, ev := range l.events {
		if ev.at < l.events[m].at || ev.at == l.events[m].at && ev.seq < l.events[m].seq {
			m = i
		}
	}
	return l.events[m], true
}

// script is what the event of timer id does when it runs the n-th time,
// the same on both loops: re-arm itself, or not; reset, stop or post
// others; read Pending and Next; run a nested RunFor.
func script(id, n int, r *Rand, ops []string) []string {
	for range 1 + r.Intn(3) {
		switch k := r.Intn(10); {
		case k < 5:
			ops = append(ops, fmt.Sprintf("reset %d %d", id, r.Intn(5)))
		case k < 6:
			ops = append(ops, fmt.Sprintf("reset %d %d", r.Intn(8), r.Intn(5)))
		case k < 7:
			ops = append(ops, fmt.Sprintf("stop %d", r.Intn(8)))
		case k < 8:
			ops = append(ops, fmt.Sprintf("post %d", r.Intn(3)))
		case k < 9:
			ops = append(ops, "pending")
		default:
			if n%4 == 0 {
				ops = append(ops, "runfor")
			} else {
				ops = append(ops, "next")
			}
		}
	}
	return ops
}

// TestRearmInPlaceMatchesPlainScheduling runs the same random timers on a
// Loop and on refLoop and compares what ran, when, and what Reset, Stop,
// Pending and Next answered along the way.
func TestRearmInPlaceMatchesPlainScheduling(t *testing.T) {
	for seed := range int64(30) {
		var got, want []string

		// The Loop.
		{
			l := NewLoop()
			r := NewRand(seed)
			timers := make([]*Timer, 8)
			runs := make([]int, 8)
			var fire func(id int)
			var do func(ops []string)
			do = func(ops []string) {
				for _, op := range ops {
					var a, b int
					switch {
					case strings.HasPrefix(op, "reset"):
						fmt.Sscanf(op, "reset %d %d", &a, &b)
						got = append(got, fmt.Sprint(op, " ", timers[a].Reset(l.Now().Add(time.Duration(b)*time.Second))))
					case strings.HasPrefix(op, "stop"):
						fmt.Sscanf(op, "stop %d", &a)
						got = append(got, fmt.Sprint(op, " ", timers[a].Stop(), " ", timers[a].Pending()))
					case strings.HasPrefix(op, "post"):
						fmt.Sscanf(op, "post %d", &a)
						at := l.Now().Add(time.Duration(a) * time.Second)
						l.Post(at, Func(func() { got = append(got, fmt.Sprint(l.Now(), " post")) }))
					case op == "pending":
						got = append(got, fmt.Sprint("pending ", l.Pending()))
					case op == "next":
						at, ok := l.Next()
						got = append(got, fmt.Sprint("next ", at, ok))
					case op == "runfor":
						l.RunFor(time.Second)
						got = append(got, fmt.Sprint("ranfor ", l.Now()))
					}
				}
			}
			fire = func(id int) {
				runs[id]++
				got = append(got, fmt.Sprint(l.Now(), " fire ", id, " pending ", timers[id].Pending()))
				do(script(id, runs[id], r, nil))
			}
			for id := range timers {
				timers[id] = l.NewTimer(Func(func() { fire(id) }))
				timers[id].Reset(Time(id % 3 * int(time.Second)))
			}
			for l.Fired() < 400 && l.Step() {
			}
			got = append(got, fmt.Sprint("end pending ", l.Pending()))
		}

		// The plain scheduler.
		{
			l := &refLoop{}
			r := NewRand(seed)
			timers := make([]*refEvent, 8)
			runs := make([]int, 8)
			fired := 0
			var step func() bool
			var do func(ops []string)
			do = func(ops []string) {
				for _, op := range ops {
					var a, b int
					switch {
					case strings.HasPrefix(op, "reset"):
						fmt.Sscanf(op, "reset %d %d", &a, &b)
						was := l.cancel(timers[a])
						timers[a] = l.schedule(l.now.Add(time.Duration(b)*time.Second), a)
						want = append(want, fmt.Sprint(op, " ", was))
					case strings.HasPrefix(op, "stop"):
						fmt.Sscanf(op, "stop %d", &a)
						want = append(want, fmt.Sprint(op, " ", l.cancel(timers[a]), " ", false))
					case strings.HasPrefix(op, "post"):
						fmt.Sscanf(op, "post %d", &a)
						l.schedule(l.now.Add(time.Duration(a)*time.Second), -1)
					case op == "pending":
						want = append(want, fmt.Sprint("pending ", len(l.events)))
					case op == "next":
						ev, ok := l.next()
						at := Time(0)
						if ok {
							at = ev.at
						}
						want = append(want, fmt.Sprint("next ", at, ok))
					case op == "runfor":
						end := l.now.Add(time.Second)
						for {
							ev, ok := l.next()
							if !ok || ev.at > end {
								break
							}
							step()
						}
						l.now = max(l.now, end)
						want = append(want, fmt.Sprint("ranfor ", l.now))
					}
				}
			}
			step = func() bool {
				ev, ok := l.next()
				if !ok {
					return false
				}
				l.cancel(ev)
				l.now = ev.at
				fired++
				if ev.id < 0 {
					want = append(want, fmt.Sprint(l.now, " post"))
					return true
				}
				id := ev.id
				runs[id]++
				want = append(want, fmt.Sprint(l.now, " fire ", id, " pending ", false))
				do(script(id, runs[id], r, nil))
				return true
			}
			for id := range timers {
				timers[id] = l.schedule(Time(id%3*int(time.Second)), id)
			}
			for fired < 400 && step() {
			}
			want = append(want, fmt.Sprint("end pending ", len(l.events)))
		}

		if !slices.Equal(got, want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("seed %d: step %d: Loop %q, plain scheduling %q", seed, i, got[i], want[i])
				}
			}
			t.Fatalf("seed %d: Loop did %d things, plain scheduling %d", seed, len(got), len(want))
		}
	}
}
