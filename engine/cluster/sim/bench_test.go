package sim

import (
	"math"
	"strconv"
	"testing"
	"time"
)

type nop struct{}

func (nop) Fire() {}

// far is beyond any instant a benchmark reaches (b.N steps of 1ms).
const far = Time(math.MaxInt64 / 2)

// BenchmarkLoop measures scheduling and running one event, with a standing
// queue of pending events so the heap has realistic depth.
func BenchmarkLoop(b *testing.B) {
	for _, depth := range []int{0, 1000} {
		prime := func(l *Loop) {
			for i := range depth {
				l.Post(far+Time(i), nop{}) // never reached by the benchmark
			}
		}
		b.Run("At/depth="+strconv.Itoa(depth), func(b *testing.B) {
			l := NewLoop()
			prime(l)
			fn := func() {}
			b.ReportAllocs()
			for b.Loop() {
				l.After(time.Millisecond, fn)
				l.Step()
			}
		})
		b.Run("Post/depth="+strconv.Itoa(depth), func(b *testing.B) {
			l := NewLoop()
			prime(l)
			b.ReportAllocs()
			for b.Loop() {
				l.Post(l.Now().Add(time.Millisecond), nop{})
				l.Step()
			}
		})
		b.Run("Reset/depth="+strconv.Itoa(depth), func(b *testing.B) {
			l := NewLoop()
			prime(l)
			tm := l.NewTimer(nop{})
			b.ReportAllocs()
			for b.Loop() {
				tm.Reset(l.Now().Add(time.Millisecond))
				l.Step()
			}
		})
	}
	b.Run("Batch1000", func(b *testing.B) {
		l := NewLoop()
		r := NewRand(1)
		b.ReportAllocs()
		for b.Loop() {
			for range 1000 {
				l.Post(l.Now().Add(time.Duration(r.Intn(1000))*time.Millisecond), nop{})
			}
			l.Run()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/event")
	})
}

func BenchmarkGenerateSuffix(b *testing.B) {
	r := NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		_ = r.GenerateSuffix()
	}
}
