package store

import (
	"errors"
	"fmt"
)

// Errors returned by the store. Match them with errors.Is; [KeyError] and
// [CompactedError] carry the details.
var (
	// ErrKeyExists: Create of a key that exists.
	ErrKeyExists = errors.New("store: key already exists")
	// ErrKeyNotFound: Update or Delete of a key that does not exist.
	ErrKeyNotFound = errors.New("store: key not found")
	// ErrConflict: the key's ModRevision is not the one the caller expected
	// (a failed compare-and-swap).
	ErrConflict = errors.New("store: mod revision mismatch")
	// ErrDuplicateKey: a transaction names a key twice (etcd's rpctypes
	// "etcdserver: duplicate key given in txn request").
	ErrDuplicateKey = errors.New("store: duplicate key given in txn request")
	// ErrCompacted: a read, a watch or a compaction names a revision that
	// has been compacted. The text is etcd's (mvcc/kvstore.go).
	ErrCompacted = errors.New("mvcc: required revision has been compacted")
	// ErrFutureRev: a read names a revision after the current one. The
	// text is etcd's (mvcc/kvstore.go).
	ErrFutureRev = errors.New("mvcc: required revision is a future revision")
	// ErrUnavailable: the store is switched off (the `break etcd` fault).
	// How a client sees it is the API server's business.
	ErrUnavailable = errors.New("store: unavailable")
)

// KeyError is a failed write on one key. Err is ErrKeyExists,
// ErrKeyNotFound, ErrConflict or ErrDuplicateKey.
type KeyError struct {
	Key string
	Err error
	// Expected and Actual are the ModRevisions of a conflict.
	Expected, Actual int64
}

func (e *KeyError) Error() string {
	if errors.Is(e.Err, ErrConflict) {
		return fmt.Sprintf("%v: key %q is at mod revision %d, expected %d", e.Err, e.Key, e.Actual, e.Expected)
	}
	return fmt.Sprintf("%v: %q", e.Err, e.Key)
}

func (e *KeyError) Unwrap() error { return e.Err }

// CompactedError says that Requested is below the compacted revision
// Compacted. errors.Is(err, ErrCompacted) holds for it.
//
// The API server turns it into 410 Gone, reason Expired. Its watch cache
// words the message "too old resource version: %d (%d)" with the requested
// and the oldest available revision
// (k8s.io/apiserver/pkg/storage/cacher/watch_cache.go,
// getAllEventsSinceLocked, errors.NewResourceExpired); a watch served by
// etcd directly says "The resourceVersion for the provided watch is too
// old." (k8s.io/apiserver/pkg/storage/etcd3/errors.go).
type CompactedError struct {
	Requested int64
	Compacted int64
}

func (e *CompactedError) Error() string {
	return fmt.Sprintf("%v: requested revision %d, compacted revision %d", ErrCompacted, e.Requested, e.Compacted)
}

func (e *CompactedError) Is(target error) bool { return target == ErrCompacted }
