// Package keymap provides Map, a map from string keys for the model's
// largest maps: a store's keys and a watch cache's objects, hundreds of
// thousands of keys each in a long run, such as "/registry/configmaps/
// demo/web-12345".
//
// A Go map of strings reads every key again whenever it grows, hashing
// it anew: in a map that large, a cache miss per key, twice per insert
// on average. Map is a Go map from the key's 64-bit hash, which keeps the
// hash inline, so growing reads no key at all.
package keymap

import (
	"hash/maphash"
	"iter"
)

// Map maps strings to values. The zero Map is empty and ready to use; it
// is used from one goroutine. Its iteration order is unspecified, as a Go
// map's.
type Map[V any] struct {
	seed maphash.Seed
	// heads holds each key by its hash; overflow the keys whose hash a
	// different key in heads has (two of 2^64: in practice none).
	heads    map[uint64]entry[V]
	overflow map[string]V
}

// entry is a key and its value.
type entry[V any] struct {
	key string
	val V
}

// Reserve makes room for n keys in an empty map.
func (m *Map[V]) Reserve(n int) {
	if m.heads == nil {
		m.seed = maphash.MakeSeed()
		m.heads = make(map[uint64]entry[V], n)
	}
}

// Len returns the number of keys.
func (m *Map[V]) Len() int { return len(m.heads) + len(m.overflow) }

// Get returns the value of key.
func (m *Map[V]) Get(key string) (V, bool) {
	if len(m.heads) == 0 {
		var zero V
		return zero, false
	}
	return m.lookup(maphash.String(m.seed, key), key)
}

// GetBytes is Get for a key built in a buffer, which it neither keeps
// nor copies.
func (m *Map[V]) GetBytes(key []byte) (V, bool) {
	if len(m.heads) == 0 {
		var zero V
		return zero, false
	}
	// string(key) is only compared and indexed with: it makes no copy.
	if e, ok := m.heads[maphash.Bytes(m.seed, key)]; ok && e.key == string(key) {
		return e.val, true
	}
	if len(m.overflow) > 0 {
		v, ok := m.overflow[string(key)]
		return v, ok
	}
	var zero V
	return zero, false
}

// lookup is Get with the key's hash h.
func (m *Map[V]) lookup(h uint64, key string) (V, bool) {
	if e, ok := m.heads[h]; ok && e.key == key {
		return e.val, true
	}
	if len(m.overflow) > 0 {
		v, ok := m.overflow[key]
		return v, ok
	}
	var zero V
	return zero, false
}

// Put sets the value of key.
func (m *Map[V]) Put(key string, v V) {
	m.Reserve(0)
	h := maphash.String(m.seed, key)
	e, ok := m.heads[h]
	switch {
	case ok && e.key == key:
	case len(m.overflow) > 0 && m.hasOverflow(key):
		m.overflow[key] = v
		return
	case ok:
		// Another key has the hash.
		if m.overflow == nil {
			m.overflow = map[string]V{}
		}
		m.overflow[key] = v
		return
	}
	m.heads[h] = entry[V]{key: key, val: v}
}

// hasOverflow reports whether key is in the overflow.
func (m *Map[V]) hasOverflow(key string) bool {
	_, ok := m.overflow[key]
	return ok
}

// Delete removes key, and reports whether it was there.
func (m *Map[V]) Delete(key string) bool {
	if len(m.heads) == 0 {
		return false
	}
	h := maphash.String(m.seed, key)
	if e, ok := m.heads[h]; ok && e.key == key {
		delete(m.heads, h)
		return true
	}
	if m.hasOverflow(key) {
		delete(m.overflow, key)
		return true
	}
	return false
}

// Clear removes every key.
func (m *Map[V]) Clear() {
	clear(m.heads)
	clear(m.overflow)
}

// All yields every key and its value, in no particular order.
func (m *Map[V]) All() iter.Seq2[string, V] {
	return func(yield func(string, V) bool) {
		for _, e := range m.heads {
			if !yield(e.key, e.val) {
				return
			}
		}
		for k, v := range m.overflow {
			if !yield(k, v) {
				return
			}
		}
	}
}
