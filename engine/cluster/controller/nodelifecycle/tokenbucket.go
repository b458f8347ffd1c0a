package nodelifecycle

import (
	"math"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// evictionBurst is the burst of every eviction limiter
// (scheduler.EvictionRateLimiterBurst).
const evictionBurst = 1

// tokenBucket is the tainting queue's limiter:
// flowcontrol.NewTokenBucketRateLimiter(qps, 1), a golang.org/x/time/rate
// Limiter that starts full, refills qps tokens a second up to the burst,
// and whose TryAccept takes a token when there is one. A qps of 0 or less
// is flowcontrol.NewFakeNeverRateLimiter: it never accepts.
type tokenBucket struct {
	qps    float64
	tokens float64
	last   sim.Time
}

// newTokenBucket returns a full bucket. The rate passes through float32,
// as flowcontrol's QPS does: 0.1 becomes 0.10000000149…, so a token is
// back a few nanoseconds before 10 s have passed.
func newTokenBucket(qps float64, now sim.Time) *tokenBucket {
	return &tokenBucket{qps: float64(float32(qps)), tokens: evictionBurst, last: now}
}

func (b *tokenBucket) never() bool { return b.qps <= 0 }

func (b *tokenBucket) advance(now sim.Time) {
	if now > b.last {
		b.tokens = math.Min(evictionBurst, b.tokens+now.Sub(b.last).Seconds()*b.qps)
		b.last = now
	}
}

// tryAccept takes a token if one is available at now.
func (b *tokenBucket) tryAccept(now sim.Time) bool {
	if b.never() {
		return false
	}
	b.advance(now)
	if b.tokens >= 1 {
		b.tokens--
		return true
	}
	return false
}

// nextToken returns the first instant at or after now with a token; false
// for a limiter that never accepts.
func (b *tokenBucket) nextToken(now sim.Time) (sim.Time, bool) {
	if b.never() {
		return 0, false
	}
	b.advance(now)
	if b.tokens >= 1 {
		return now, true
	}
	wait := time.Duration(math.Ceil((1 - b.tokens) / b.qps * float64(time.Second)))
	return now.Add(wait), true
}
