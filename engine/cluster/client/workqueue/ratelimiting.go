package workqueue

// The rate-limiting part of the queue (rate_limiting_queue.go).

// AddRateLimited adds key after the rate limiter's delay for it.
func (q *Queue) AddRateLimited(key string) { q.AddAfter(key, q.limiter.When(key)) }

// Forget tells the rate limiter that key is done with retries, so its
// next failure starts from the base delay again.
func (q *Queue) Forget(key string) { q.limiter.Forget(key) }

// NumRequeues returns how many times key has been rate-limited since it
// was last forgotten.
func (q *Queue) NumRequeues(key string) int { return q.limiter.NumRequeues(key) }
