package workqueue_test

import (
	"testing"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

func TestItemExponentialFailureRateLimiter(t *testing.T) {
	ms := time.Millisecond
	r := workqueue.NewItemExponentialFailureRateLimiter(5*ms, 1000*time.Second)
	want := []time.Duration{5 * ms, 10 * ms, 20 * ms, 40 * ms, 80 * ms, 160 * ms, 320 * ms, 640 * ms, 1280 * ms}
	for i, w := range want {
		if got := r.When("a"); got != w {
			t.Errorf("failure %d: %v, want %v", i, got, w)
		}
	}
	if r.NumRequeues("a") != len(want) || r.NumRequeues("b") != 0 {
		t.Errorf("NumRequeues a=%d b=%d", r.NumRequeues("a"), r.NumRequeues("b"))
	}
	// 5ms·2^17 = 655.36s, 5ms·2^18 would be 1310.72s: capped at 1000s.
	for range 17 - len(want) {
		r.When("a")
	}
	if got := r.When("a"); got != 655360*ms {
		t.Errorf("failure 17: %v", got)
	}
	for range 100 {
		if got := r.When("a"); got != 1000*time.Second {
			t.Fatalf("past the cap: %v", got)
		}
	}
	r.Forget("a")
	if got := r.When("a"); got != 5*ms {
		t.Errorf("after Forget: %v", got)
	}
}

func TestBucketRateLimiter(t *testing.T) {
	ms := time.Millisecond
	loop := sim.NewLoop()
	b := workqueue.NewBucketRateLimiter(loop, 10, 100)
	for i := range 100 {
		if d := b.When("k"); d != 0 {
			t.Fatalf("token %d of the burst waited %v", i, d)
		}
	}
	for i, want := range []time.Duration{100 * ms, 200 * ms, 300 * ms} {
		if d := b.When("k"); d != want {
			t.Errorf("reservation %d past the burst: %v, want %v", i, d, want)
		}
	}
	// Three tokens are owed; after 1s ten have been refilled: seven left.
	loop.RunFor(time.Second)
	for i := range 7 {
		if d := b.When("k"); d != 0 {
			t.Fatalf("after refill, token %d waited %v", i, d)
		}
	}
	if d := b.When("k"); d != 100*ms {
		t.Errorf("bucket empty again: %v", d)
	}
	if b.NumRequeues("k") != 0 {
		t.Error("the bucket counts requeues")
	}
}

// TestDefaultControllerRateLimiter: per key 5ms doubling; overall 10 QPS
// after a burst of 100, whichever is longer.
func TestDefaultControllerRateLimiter(t *testing.T) {
	ms := time.Millisecond
	loop := sim.NewLoop()
	r := workqueue.DefaultControllerRateLimiter(loop)
	if d := r.When("a"); d != 5*ms {
		t.Errorf("first failure: %v", d)
	}
	if d := r.When("a"); d != 10*ms {
		t.Errorf("second failure: %v", d)
	}
	for i := range 98 {
		if d := r.When(string(rune('A'+i%26)) + string(rune('0'+i/26))); d != 5*ms {
			t.Fatalf("key %d: %v", i, d)
		}
	}
	if d := r.When("fresh"); d != 100*ms {
		t.Errorf("101st requeue: %v, want the bucket's 100ms", d)
	}
	if r.NumRequeues("a") != 2 {
		t.Errorf("NumRequeues = %d", r.NumRequeues("a"))
	}
	r.Forget("a")
	if r.NumRequeues("a") != 0 {
		t.Error("Forget did not reset")
	}
}
