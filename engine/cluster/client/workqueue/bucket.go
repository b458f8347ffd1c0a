package workqueue

import (
	"math"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// BucketRateLimiter is a token bucket over every key, as client-go's
// BucketRateLimiter around golang.org/x/time/rate's Limiter: it starts
// full with burst tokens, refills qps tokens per second of virtual time,
// and each When takes a token, answering with how long until that token
// exists (Reserve().Delay()). Keys are not tracked.
type BucketRateLimiter struct {
	loop   *sim.Loop
	qps    float64
	burst  int
	tokens float64
	last   sim.Time
}

// NewBucketRateLimiter returns a full bucket.
func NewBucketRateLimiter(loop *sim.Loop, qps float64, burst int) *BucketRateLimiter {
	return &BucketRateLimiter{loop: loop, qps: qps, burst: burst, tokens: float64(burst), last: loop.Now()}
}

// When reserves a token and returns the wait for it (rate.go, reserveN:
// advance, take one token, wait durationFromTokens of the deficit).
func (r *BucketRateLimiter) When(string) time.Duration {
	now := r.loop.Now()
	tokens := r.advance(now)
	tokens--
	var wait time.Duration
	if tokens < 0 {
		wait = r.durationFromTokens(-tokens)
	}
	if now > r.last {
		r.last = now
	}
	r.tokens = tokens
	return wait
}

// advance is rate.go's: the tokens refilled since last, up to burst.
func (r *BucketRateLimiter) advance(now sim.Time) float64 {
	if now < r.last {
		return r.tokens
	}
	elapsed := min(now.Sub(r.last), r.durationFromTokens(float64(r.burst)-r.tokens))
	tokens := r.tokens + r.tokensFromDuration(elapsed)
	return min(tokens, float64(r.burst))
}

func (r *BucketRateLimiter) durationFromTokens(tokens float64) time.Duration {
	if r.qps <= 0 {
		return math.MaxInt64
	}
	d := tokens / r.qps * float64(time.Second)
	if d > math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(d)
}

// tokensFromDuration splits seconds and nanoseconds as rate.go does to
// keep rounding small.
func (r *BucketRateLimiter) tokensFromDuration(d time.Duration) float64 {
	sec := float64(d/time.Second) * r.qps
	nsec := float64(d%time.Second) * r.qps
	return sec + nsec/1e9
}

// Forget does nothing: the bucket is not per key.
func (r *BucketRateLimiter) Forget(string) {}

// NumRequeues is always 0.
func (r *BucketRateLimiter) NumRequeues(string) int { return 0 }
