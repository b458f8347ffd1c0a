package store

import (
	"slices"
	"sort"
	"time"
)

// DefaultCompactionInterval is how often kube-apiserver asks etcd to
// compact: every 5 minutes (k8s.io/apiserver/pkg/storage/storagebackend/
// config.go, DefaultCompactInterval = 5 * time.Minute; the flag is
// --etcd-compaction-interval in k8s.io/apiserver/pkg/server/options/etcd.go,
// "If 0, the compaction request from apiserver is disabled.").
const DefaultCompactionInterval = 5 * time.Minute

// maxReusedHistory is the largest history array, in versions, that
// compaction keeps for the versions it leaves (512 bytes of records); a
// larger one is given up for an array of the versions' own size, so a
// burst of writes to one key does not hold its memory for good.
const maxReusedHistory = 16

// Compact discards history before revision rev: afterwards the store can
// be read, and watched, at rev and later only. Keys deleted before rev are
// forgotten. The current revision does not change. Compacting at or below
// the compacted revision fails with ErrCompacted, above the current
// revision with ErrFutureRev, as in etcd.
//
// A watcher without a handler that still has an event before rev to read
// is cancelled, its Err a *CompactedError.
//
// Simplification: the events at rev itself stay watchable, a delete at rev
// included; etcd drops a tombstone at the compaction revision.
func (s *Store[V]) Compact(rev int64) error {
	if !s.available {
		return ErrUnavailable
	}
	if rev <= s.compactRev {
		return &CompactedError{Requested: rev, Compacted: s.compactRev}
	}
	if rev > s.rev {
		return ErrFutureRev
	}
	s.compactRev = rev
	var gone []string
	s.index.ascend("", func(ks *keyState[V]) bool {
		h := ks.hist
		// Keep the last version at or before rev, and everything after.
		i := sort.Search(len(h), func(i int) bool { return h[i].modRev > rev }) - 1
		switch {
		case i > 0 && cap(h) <= maxReusedHistory:
			// A key written again and again keeps its array for the
			// versions to come rather than growing a new one each time.
			n := copy(h, h[i:])
			clear(h[n:])
			ks.hist = h[:n]
		case i > 0 && i == len(h)-1:
			ks.first[0] = h[i]
			ks.hist = ks.first[:]
		case i > 0:
			ks.hist = append(h[:0:0], h[i:]...)
		}
		if i >= 0 && ks.hist[0].version == 0 {
			ks.hist = ks.hist[1:]
		}
		if len(ks.hist) == 0 {
			gone = append(gone, ks.key)
		}
		return true
	})
	for _, k := range gone {
		s.index.remove(k)
		ks, _ := s.keys.Get(k)
		s.keys.Delete(k)
		*ks = keyState[V]{} // its block holds nothing of the key
	}
	if s.notifying {
		s.trimNeeded = true
	} else {
		s.trimLog()
	}
	return nil
}

// trimLog drops the events before the compacted revision and cancels the
// pull watchers that had not read one they needed.
func (s *Store[V]) trimLog() {
	cut := s.log.search(s.compactRev)
	if cut == s.log.start {
		return
	}
	lost := false
	for _, w := range s.watchers {
		// A handler watcher has had every event when no notification
		// is in progress, which is when the log is trimmed.
		if w.done || w.h != nil || w.pos >= cut {
			continue
		}
		for w.pos < cut && !w.wants(s.log.at(w.pos)) {
			w.pos++
		}
		if w.pos < cut {
			w.err = &CompactedError{Requested: s.log.at(w.pos).rev, Compacted: s.compactRev}
			w.done = true
			lost = true
		}
	}
	if lost {
		s.watchers = slices.DeleteFunc(s.watchers, func(w *Watcher[V]) bool { return w.done })
	}
	s.log.trim(cut)
}

// Compactor is kube-apiserver's compaction loop without its clock. The
// owner calls Tick every interval (DefaultCompactionInterval) of virtual
// time. Each Tick compacts to the revision the previous Tick saw, so the
// store keeps one to two intervals of history; the first Tick only records
// the revision ("We don't compact on bootstrap",
// k8s.io/apiserver/pkg/storage/etcd3/compact.go, compact()).
//
// Simplification: kube-apiserver coordinates compactors of several API
// servers through a compare-and-swap on a key "compact_rev_key", which is
// itself a write. The model's compactors do not write it, so compaction
// never moves the store's revision.
type Compactor[V any] struct {
	s    *Store[V]
	last int64
}

// NewCompactor returns a compactor for s.
func NewCompactor[V any](s *Store[V]) *Compactor[V] { return &Compactor[V]{s: s} }

// Tick compacts to the revision seen at the previous Tick, if that is
// newer than the last compaction, and returns the revision compacted to (0
// when it did not compact). When the store is unavailable it fails and
// keeps what it last saw, as kube-apiserver retries at the next interval.
func (c *Compactor[V]) Tick() (int64, error) {
	if !c.s.available {
		return 0, ErrUnavailable
	}
	target := c.last
	c.last = c.s.rev
	if target == 0 || target <= c.s.compactRev {
		return 0, nil
	}
	if err := c.s.Compact(target); err != nil {
		return 0, err
	}
	return target, nil
}
