package store

import "slices"

// handlerSet indexes a store's handler watchers by bucket, so that a write
// is offered only to the watchers that can want it rather than tested
// against every watcher's prefix: kube-apiserver's store has a watcher per
// resource, and a write concerns one resource.
//
// A bucket is a key's start up to its third '/' ("/registry/configmaps/"
// of "/registry/configmaps/demo/web"). A prefix with three '/' fixes the
// bucket of every key it matches; a shorter one ("", "/registry/") can
// match keys of any bucket, so its watcher is offered every write.
type handlerSet[V any] struct {
	byBucket map[string][]*Watcher[V]
	loose    []*Watcher[V]
	// joined are the watchers made since the last notification, whose
	// history is still to be delivered.
	joined []*Watcher[V]
	made   int
}

// bucketOf returns the start of key up to and including its third '/', or
// "" when it has fewer.
func bucketOf(key string) string {
	n := 0
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			if n++; n == 3 {
				return key[:i+1]
			}
		}
	}
	return ""
}

// bucketsHint sizes a store's bucket map when its first bucketed watcher
// comes: kube-apiserver's store has a watcher per resource, a few dozen,
// and a map made that size at once is not rehashed as they come one by
// one.
const bucketsHint = 64

// add indexes a new handler watcher and queues its history.
func (h *handlerSet[V]) add(w *Watcher[V]) {
	w.seq, w.bucket, w.joining = h.made, bucketOf(w.prefix), true
	h.made++
	if w.bucket == "" {
		h.loose = append(h.loose, w)
	} else {
		if h.byBucket == nil {
			h.byBucket = make(map[string][]*Watcher[V], bucketsHint)
		}
		h.byBucket[w.bucket] = append(h.byBucket[w.bucket], w)
	}
	h.joined = append(h.joined, w)
}

// remove forgets w.
func (h *handlerSet[V]) remove(w *Watcher[V]) {
	is := func(x *Watcher[V]) bool { return x == w }
	if w.bucket == "" {
		h.loose = slices.DeleteFunc(h.loose, is)
	} else {
		h.byBucket[w.bucket] = slices.DeleteFunc(h.byBucket[w.bucket], is)
	}
	h.joined = slices.DeleteFunc(h.joined, is)
}

// prune forgets the cancelled watchers.
func (h *handlerSet[V]) prune() {
	done := func(w *Watcher[V]) bool { return w.done }
	h.loose = slices.DeleteFunc(h.loose, done)
	for b, ws := range h.byBucket {
		h.byBucket[b] = slices.DeleteFunc(ws, done)
	}
	h.joined = slices.DeleteFunc(h.joined, done)
}

// each calls fn for the watchers of bucket and the loose ones, in the order
// they were made. Watchers made meanwhile are left to the joined queue.
func (h *handlerSet[V]) each(bucket string, fn func(*Watcher[V])) {
	var in []*Watcher[V]
	if bucket != "" {
		in = h.byBucket[bucket]
	}
	loose := h.loose
	for i, j := 0, 0; i < len(in) || j < len(loose); {
		if j == len(loose) || i < len(in) && in[i].seq < loose[j].seq {
			fn(in[i])
			i++
		} else {
			fn(loose[j])
			j++
		}
	}
}
