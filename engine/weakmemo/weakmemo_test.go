package weakmemo

import (
	"errors"
	"runtime"
	"testing"
	"time"
)

type thing struct{ name string }

// A value is made once per object and shared; another object gets its own.
func TestOfMakesOncePerObject(t *testing.T) {
	calls := 0
	m := New(func(k *thing) (string, error) { calls++; return "made of " + k.name, nil })
	a, b := &thing{"a"}, &thing{"b"}
	for range 3 {
		if v, err := m.Of(a); err != nil || v != "made of a" {
			t.Fatalf("Of(a) = %q, %v", v, err)
		}
	}
	if v, _ := m.Of(b); v != "made of b" {
		t.Fatalf("Of(b) = %q", v)
	}
	if calls != 2 || m.Len() != 2 {
		t.Errorf("make called %d times, %d values kept; want 2 and 2", calls, m.Len())
	}
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
}

// A failure is not kept: each caller gets the error afresh.
func TestOfKeepsNoFailure(t *testing.T) {
	calls := 0
	m := New(func(*thing) (int, error) { calls++; return 0, errors.New("bad thing") })
	k := &thing{"k"}
	for range 2 {
		if _, err := m.Of(k); err == nil || err.Error() != "bad thing" {
			t.Fatalf("Of = %v, want the error", err)
		}
	}
	if calls != 2 || m.Len() != 0 {
		t.Errorf("make called %d times, %d values kept; want 2 and 0", calls, m.Len())
	}
	runtime.KeepAlive(k)
}

// A value is dropped once its object is gone, so a long-lived memo keeps
// only the values of live objects.
func TestOfForgetsAnObjectThatIsGone(t *testing.T) {
	m := New(func(k *thing) (string, error) { return k.name, nil })
	func() {
		if _, err := m.Of(&thing{"gone"}); err != nil {
			t.Fatal(err)
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for m.Len() > 0 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if n := m.Len(); n > 0 {
		t.Errorf("%d values kept after their object is gone", n)
	}
}
