// Package store is the model's etcd: a multi-version key-value store with
// one global revision, history, compaction and watches.
//
// It follows etcd's MVCC rules (go.etcd.io/etcd server/storage/mvcc):
//
//   - The revision is a single int64 counter for the whole store. An empty
//     store is at revision 1, and the first write gets revision 2 (etcd's
//     store starts with currentRev: 1, kvstore.go; a write transaction
//     writes at beginRev+1, kvstore_txn.go). Every successful write, or
//     transaction of writes, adds exactly one; a failed one adds nothing.
//   - Each live key carries CreateRevision (the revision that created it),
//     ModRevision (the revision of its last change) and Version (1 on
//     creation, +1 on every change). A delete writes a tombstone: the key
//     is gone, and a later create starts again at Version 1 with a new
//     CreateRevision (mvccpb.KeyValue: "a deletion resets the version to
//     zero").
//   - Reads may name a past revision; reading at a revision below the
//     compacted one fails with [ErrCompacted], above the current one with
//     [ErrFutureRev] (kvstore_txn.go, rangeKeys).
//   - A watch from revision R delivers every change with revision >= R, in
//     revision order, then live changes (etcd's start_revision is
//     inclusive; the API server watches from resourceVersion+1). A watch
//     from below the compacted revision fails with [ErrCompacted]
//     (watcher_group.go, chooseAll: w.minRev < compactRev).
//
// Values are opaque to the store and immutable by contract: the store keeps
// the value it is given, and hands the same value to readers and watchers.
// A store made with [NewSized] sizes its live values, when asked, for
// accounting.
//
// The store has no clock. Periodic compaction, as kube-apiserver does it, is
// a [Compactor] whose Tick the owner calls from its event loop.
//
// Iteration is deterministic everywhere: keys are kept in a sorted index, and
// watchers are served in the order they were created. A Store is used from
// one goroutine; it is not safe for concurrent use.
package store
