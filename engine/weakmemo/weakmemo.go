// Package weakmemo keeps what a function makes of an object for as long as
// the object lives, without keeping the object alive.
package weakmemo

import (
	"runtime"
	"sync"
	"weak"
)

// Memo maps an object, weakly held, to the value made from it on first
// use. A value is forgotten when its object is collected; a failure is
// never kept, so each caller gets its error afresh. It is safe for use by
// several goroutines; the kept values are shared among them, to be read
// only.
type Memo[K, V any] struct {
	make func(*K) (V, error)
	mu   sync.Mutex
	kept map[weak.Pointer[K]]V
}

// New returns a Memo of what make makes of an object. make must give equal
// values for the same object: two goroutines asking for a new object at
// once may both call it, and one of the values is kept.
func New[K, V any](make func(*K) (V, error)) *Memo[K, V] {
	return &Memo[K, V]{make: make, kept: map[weak.Pointer[K]]V{}}
}

// Of returns the value made of k, making it on first use.
func (m *Memo[K, V]) Of(k *K) (V, error) {
	w := weak.Make(k)
	m.mu.Lock()
	v, ok := m.kept[w]
	m.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := m.make(k)
	if err != nil {
		return v, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if kept, ok := m.kept[w]; ok {
		return kept, nil
	}
	m.kept[w] = v
	runtime.AddCleanup(k, m.forget, w)
	return v, nil
}

// Len returns how many values are kept.
func (m *Memo[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.kept)
}

// forget drops the value of an object that is gone.
func (m *Memo[K, V]) forget(w weak.Pointer[K]) {
	m.mu.Lock()
	delete(m.kept, w)
	m.mu.Unlock()
}
