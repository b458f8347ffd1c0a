package leaderelection

import (
	"testing"
	"time"
)

// BenchmarkRenewal is one renewal of a leader: an UPDATE of its Lease
// through every gate of the API server, as the leader makes one every
// RetryPeriod.
func BenchmarkRenewal(b *testing.B) {
	a := leader(b, 10*time.Second)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		a.el.loop.RunFor(DefaultRetryPeriod)
	}
}

// BenchmarkRenewalBody is the client's side of one renewal: the Lease
// body the leader builds to send, without sending it.
func BenchmarkRenewalBody(b *testing.B) {
	a := leader(b, 10*time.Second)
	l := &a.el.lock
	rec := a.el.observed
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		rec.RenewTime = rec.RenewTime.Add(DefaultRetryPeriod)
		if l.updateBody(rec) == nil {
			b.Fatal("no body")
		}
	}
}
