package workqueue

import (
	"math"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// RateLimiter decides how long a key waits before it is requeued
// (util/workqueue/default_rate_limiters.go).
type RateLimiter interface {
	// When returns the delay for key's next requeue and counts it.
	When(key string) time.Duration
	// Forget stops tracking key.
	Forget(key string)
	// NumRequeues returns how many delays key has been given.
	NumRequeues(key string) int
}

// The default controller limiter's parameters (default_rate_limiters.go,
// DefaultControllerRateLimiter): per key 5 ms doubling to 1000 s, overall
// 10 QPS with a burst of 100 ("only for retry speed").
const (
	DefaultBaseDelay = 5 * time.Millisecond
	DefaultMaxDelay  = 1000 * time.Second
	DefaultQPS       = 10
	DefaultBurst     = 100
)

// DefaultControllerRateLimiter is the maximum of a per-key exponential
// limiter and an overall token bucket, in loop's virtual time.
func DefaultControllerRateLimiter(loop *sim.Loop) RateLimiter {
	return NewMaxOfRateLimiter(
		NewItemExponentialFailureRateLimiter(DefaultBaseDelay, DefaultMaxDelay),
		NewBucketRateLimiter(loop, DefaultQPS, DefaultBurst),
	)
}

// MaxOfRateLimiter asks every limiter and answers with the longest delay.
type MaxOfRateLimiter struct {
	limiters []RateLimiter
}

// NewMaxOfRateLimiter combines limiters.
func NewMaxOfRateLimiter(limiters ...RateLimiter) *MaxOfRateLimiter {
	return &MaxOfRateLimiter{limiters: limiters}
}

// When asks every limiter (each counts the requeue) and returns the
// longest delay.
func (r *MaxOfRateLimiter) When(key string) time.Duration {
	var d time.Duration
	for _, l := range r.limiters {
		d = max(d, l.When(key))
	}
	return d
}

// Forget forgets key in every limiter.
func (r *MaxOfRateLimiter) Forget(key string) {
	for _, l := range r.limiters {
		l.Forget(key)
	}
}

// NumRequeues returns the largest count.
func (r *MaxOfRateLimiter) NumRequeues(key string) int {
	n := 0
	for _, l := range r.limiters {
		n = max(n, l.NumRequeues(key))
	}
	return n
}

// ItemExponentialFailureRateLimiter delays a key base·2^failures, capped
// at max (default_rate_limiters.go).
type ItemExponentialFailureRateLimiter struct {
	base, max time.Duration
	failures  map[string]int
}

// NewItemExponentialFailureRateLimiter returns a per-key exponential
// limiter.
func NewItemExponentialFailureRateLimiter(base, max time.Duration) *ItemExponentialFailureRateLimiter {
	return &ItemExponentialFailureRateLimiter{base: base, max: max, failures: map[string]int{}}
}

// When returns base·2^n for the key's n-th failure, at most max.
func (r *ItemExponentialFailureRateLimiter) When(key string) time.Duration {
	exp := r.failures[key]
	r.failures[key] = exp + 1
	backoff := float64(r.base.Nanoseconds()) * math.Pow(2, float64(exp))
	if backoff > math.MaxInt64 {
		return r.max
	}
	return min(time.Duration(backoff), r.max)
}

// Forget resets the key's failures.
func (r *ItemExponentialFailureRateLimiter) Forget(key string) { delete(r.failures, key) }

// NumRequeues returns the key's failures.
func (r *ItemExponentialFailureRateLimiter) NumRequeues(key string) int { return r.failures[key] }
