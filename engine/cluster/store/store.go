package store

import (
	"sort"

	"github.com/loopbook/loopbook/engine/cluster/store/keymap"
)

// record is one version of a key in its history; version 0 marks a
// tombstone.
type record[V any] struct {
	modRev, createRev, version int64
	value                      V
}

// keyState is a key's history, oldest first, back to the compacted
// revision.
type keyState[V any] struct {
	key  string
	hist []record[V]
	// first holds a history of one version (most keys' history, after a
	// compaction), so that it takes no allocation of its own.
	first [1]record[V]
}

// newKeyState returns the state of a key with no history yet. States are
// handed out from blocks, a block as large as the keys so far (16 to 128
// states), so that a store's keys cost a handful of allocations rather
// than one each. A forgotten key's state is cleared (see Compact) and stays
// in its block.
func (s *Store[V]) newKeyState(key string) *keyState[V] {
	if len(s.spare) == 0 {
		s.spare = make([]keyState[V], min(max(s.keys.Len(), 16), 128))
	}
	ks := &s.spare[0]
	s.spare = s.spare[1:]
	ks.key = key
	ks.hist = ks.first[:0]
	return ks
}

// live returns the key's current version, if the key exists.
func (ks *keyState[V]) live() (*record[V], bool) {
	r := &ks.hist[len(ks.hist)-1]
	return r, r.version != 0
}

// at returns the version of the key at revision rev, if it existed then.
func (ks *keyState[V]) at(rev int64) (*record[V], bool) {
	h := ks.hist
	i := sort.Search(len(h), func(i int) bool { return h[i].modRev > rev }) - 1
	if i < 0 || h[i].version == 0 {
		return nil, false
	}
	return &h[i], true
}

func (ks *keyState[V]) kv(r *record[V]) KeyValue[V] {
	return KeyValue[V]{
		Key:            ks.key,
		CreateRevision: r.createRev,
		ModRevision:    r.modRev,
		Version:        r.version,
		Value:          r.value,
	}
}

// Store is the MVCC store. The zero Store is not usable; call [New].
type Store[V any] struct {
	rev        int64
	compactRev int64
	available  bool

	keys  keymap.Map[*keyState[V]]
	spare []keyState[V] // the rest of the block newKeyState hands out from
	index index[V]
	live  int
	// sizeOf sizes a value for Bytes; nil sizes every value 0.
	sizeOf func(V) int

	// log holds every event since the compacted revision.
	log eventLog[V]

	watchers []*Watcher[V]
	// handlers indexes the watchers with a handler; notified is the log
	// position up to which every one of them has been served.
	handlers   handlerSet[V]
	notified   int
	notifying  bool
	cancelled  bool // a watcher was cancelled while notifying
	trimNeeded bool // a compaction happened while notifying
}

// New returns an empty, available store at revision 1.
func New[V any]() *Store[V] {
	return &Store[V]{rev: 1, available: true}
}

// NewSized is New with a function giving a value's size in bytes, which
// Bytes adds up.
func NewSized[V any](sizeOf func(V) int) *Store[V] {
	s := New[V]()
	s.sizeOf = sizeOf
	return s
}

// Rev returns the current revision: that of the last write, or 1 for an
// empty store.
func (s *Store[V]) Rev() int64 { return s.rev }

// CompactRevision returns the revision of the last compaction, 0 if none.
func (s *Store[V]) CompactRevision() int64 { return s.compactRev }

// Len returns the number of live keys.
func (s *Store[V]) Len() int { return s.live }

// Bytes returns the total size of the live values, by the size function
// of NewSized (0 without one). Values are sized when asked, not on every
// write: it walks every key.
func (s *Store[V]) Bytes() int64 {
	if s.sizeOf == nil {
		return 0
	}
	var n int64
	for _, ks := range s.keys.All() {
		if len(ks.hist) == 0 {
			continue
		}
		if r, ok := ks.live(); ok {
			n += int64(s.sizeOf(r.value))
		}
	}
	return n
}

// History returns the number of events kept for watches.
func (s *Store[V]) History() int { return s.log.len() }

// SetAvailable switches the store on or off. While off, every operation
// fails with ErrUnavailable; watchers stay registered and see nothing,
// since nothing can be written.
func (s *Store[V]) SetAvailable(ok bool) { s.available = ok }

// Available reports whether the store is switched on.
func (s *Store[V]) Available() bool { return s.available }

// Get returns the current version of key.
func (s *Store[V]) Get(key string) (KeyValue[V], bool, error) {
	if !s.available {
		return KeyValue[V]{}, false, ErrUnavailable
	}
	ks, _ := s.keys.Get(key)
	if ks == nil {
		return KeyValue[V]{}, false, nil
	}
	r, ok := ks.live()
	if !ok {
		return KeyValue[V]{}, false, nil
	}
	return ks.kv(r), true, nil
}

// RangeOptions shapes a Range.
type RangeOptions struct {
	// Limit caps the number of keys returned; 0 means no limit.
	Limit int
	// Revision reads the store as it was at that revision; 0 means now.
	Revision int64
}

// RangeResult is what a Range returns.
type RangeResult[V any] struct {
	// KVs are the keys found, in key order.
	KVs []KeyValue[V]
	// Count is the number of keys in the range, ignoring Limit.
	Count int
	// More reports whether Limit cut the result short.
	More bool
	// Revision is the store's current revision (etcd's header revision),
	// whatever revision was read.
	Revision int64
}

// Range reads the keys in [start, end). As in etcd, an empty end reads the
// single key start, and end "\x00" reads every key >= start. Use
// [PrefixEnd] to read a prefix.
func (s *Store[V]) Range(start, end string, opt RangeOptions) (RangeResult[V], error) {
	rev, err := s.readRev(opt.Revision)
	if err != nil {
		return RangeResult[V]{}, err
	}
	res := RangeResult[V]{Revision: s.rev}
	// Count first, so the result is allocated once at its final size.
	s.scan(start, end, rev, func(*keyState[V], *record[V]) bool { res.Count++; return true })
	n := res.Count
	if opt.Limit > 0 && opt.Limit < n {
		n = opt.Limit
	}
	if n == 0 {
		return res, nil
	}
	res.KVs = make([]KeyValue[V], 0, n)
	s.scan(start, end, rev, func(ks *keyState[V], r *record[V]) bool {
		res.KVs = append(res.KVs, ks.kv(r))
		return len(res.KVs) < n
	})
	res.More = res.Count > len(res.KVs)
	return res, nil
}

// Scan calls fn for each key in [start, end) as it was at revision rev (0:
// now), in key order, until fn returns false. The range is as for
// [Store.Range]. Unlike Range it allocates nothing; fn must not write to
// the store.
func (s *Store[V]) Scan(start, end string, rev int64, fn func(KeyValue[V]) bool) error {
	rev, err := s.readRev(rev)
	if err != nil {
		return err
	}
	s.scan(start, end, rev, func(ks *keyState[V], r *record[V]) bool { return fn(ks.kv(r)) })
	return nil
}

// readRev checks that the store can be read at rev (0: now) and returns
// the revision to read.
func (s *Store[V]) readRev(rev int64) (int64, error) {
	if !s.available {
		return 0, ErrUnavailable
	}
	if rev > s.rev {
		return 0, ErrFutureRev
	}
	if rev <= 0 {
		rev = s.rev
	}
	if rev < s.compactRev {
		return 0, &CompactedError{Requested: rev, Compacted: s.compactRev}
	}
	return rev, nil
}

// scan visits the keys of [start, end) that existed at rev.
func (s *Store[V]) scan(start, end string, rev int64, fn func(*keyState[V], *record[V]) bool) {
	current := rev == s.rev
	visit := func(ks *keyState[V]) bool {
		var r *record[V]
		var ok bool
		if current {
			r, ok = ks.live()
		} else {
			r, ok = ks.at(rev)
		}
		return !ok || fn(ks, r)
	}
	if end == "" {
		if ks, _ := s.keys.Get(start); ks != nil {
			visit(ks)
		}
		return
	}
	s.index.ascend(start, func(ks *keyState[V]) bool {
		if end != "\x00" && ks.key >= end {
			return false
		}
		return visit(ks)
	})
}

// RangePrefix reads every key that starts with prefix.
func (s *Store[V]) RangePrefix(prefix string, opt RangeOptions) (RangeResult[V], error) {
	return s.Range(prefix, PrefixEnd(prefix), opt)
}

// PrefixEnd returns the end of the range of keys that start with prefix,
// as etcd's clientv3.GetPrefixRangeEnd: the prefix with its last byte below
// 0xff incremented, or "\x00" (no end) when there is none.
func PrefixEnd(prefix string) string {
	b := []byte(prefix)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < 0xff {
			b[i]++
			return string(b[:i+1])
		}
	}
	return "\x00"
}
