package patch

import (
	"math"
	"sync"
)

// A strategic merge's new leaves (maps of scalars only: a Pod's or a
// Node's condition, a container's state) are alike across objects: a
// thousand Pods turn Ready in the same second, with conditions equal to
// the byte. A stored version keeps its leaves for as long as the store
// keeps it, so rather than each keeping its own, a new leaf equal to one
// made lately is that one: leaves keeps the last leaf seen by the hash of
// its contents, a fixed number of them, and shareLeaf hands one back for
// an equal leaf. The result is the same tree either way, scalar types
// included; like every value the API server stores, a shared leaf is
// never modified (see Strategic). Which leaf is handed back depends only
// on the order of earlier calls, so it never changes what a run shows.

// leafSlotBits sizes the leaves kept: 1,024, a few kilobytes' worth of
// maps, many times the leaves that recur at any one time.
const leafSlotBits = 10

// maxLeafEntries is the size of the largest map shared: a condition has
// at most six fields.
const maxLeafEntries = 8

// leafCache is the leaves kept. The model runs a cluster on one
// goroutine, but several clusters may patch at once (a site build runs
// lessons side by side), so the cache is locked.
type leafCache struct {
	mu    sync.Mutex
	slots [1 << leafSlotBits]map[string]any
}

var leaves leafCache

// shareLeaf returns v, a value new to the result being built, or an
// equal leaf kept from earlier when v is a leaf: a map of at most
// maxLeafEntries scalars. A leaf not kept yet is kept as it is.
func shareLeaf(v any) any {
	m, ok := v.(map[string]any)
	if !ok || m == nil || len(m) > maxLeafEntries {
		return v
	}
	var buf [maxLeafEntries]entry
	es, ok := leafEntries(buf[:0], m)
	if !ok {
		return v
	}
	return keptLeaf(es, m, true)
}

// leafEntries appends m's entries to dst and reports whether m is a
// leaf: every value a scalar sameScalar compares (leafScalar).
func leafEntries(dst []entry, m map[string]any) ([]entry, bool) {
	for k, v := range m {
		if !leafScalar(v) {
			return dst, false
		}
		dst = append(dst, entry{k, v})
	}
	return dst, true
}

// leafHash returns the hash of a leaf whose entries are es, which does
// not depend on their order.
func leafHash(es []entry) uint64 {
	sum := uint64(0)
	for _, e := range es {
		h, _ := entryHash(e.key, e.val)
		sum += h
	}
	return finishLeafHash(len(es), sum)
}

// finishLeafHash is the hash of a leaf of n entries whose entryHash
// values add up to sum.
func finishLeafHash(n int, sum uint64) uint64 {
	h := uint64(n)*0x9e3779b97f4a7c15 + sum
	return h ^ h>>31
}

// entryHash is the share of the entry k: v in its leaf's hash, and
// whether v is a scalar a leaf may hold.
func entryHash(k string, v any) (uint64, bool) {
	e := fnv(fnvOffset, k)
	switch x := v.(type) {
	case nil:
		e = mix(e, 1)
	case string:
		e = fnv(mix(e, 2), x)
	case bool:
		e = mix(e, 3)
		if x {
			e = mix(e, 4)
		}
	case int64:
		e = mix(mix(e, 5), uint64(x))
	case float64:
		e = mix(mix(e, 6), math.Float64bits(x))
	case int:
		e = mix(mix(e, 7), uint64(x))
	case int32:
		e = mix(mix(e, 8), uint64(x))
	default:
		return 0, false
	}
	return e * 0xbf58476d1ce4e5b9, true
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// fnv folds the bytes of s into h: eight at a time, each word as FNV-1a
// folds a byte, then the last few one by one.
func fnv(h uint64, s string) uint64 {
	for ; len(s) >= 8; s = s[8:] {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = (h ^ w) * fnvPrime
		h ^= h >> 32
	}
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return h
}

// mix folds v into h.
func mix(h, v uint64) uint64 {
	h = (h ^ v) * fnvPrime
	return h ^ h>>29
}
