package watchcache

// trackKey is the identity API Priority and Fairness's watch tracker
// files a watch under, within its resource: the watch request's namespace
// and name (watchIdentifier).
type trackKey struct{ namespace, name string }

// InterestedWatchers returns how many open watches a write of the object
// namespace/name may concern, as the watch tracker counts them for the
// work estimate of a mutating request
// (k8s.io/apiserver/pkg/util/flowcontrol/watch_tracker.go,
// GetInterestedWatchCount): the watches of the whole resource, those of
// the namespace, and those of the object by name. A create names no
// object. A watch indexed by a non-empty value of the Pod trigger (a
// kubelet's spec.nodeName=NODE) is not counted at all, as the tracker's
// builtinIndexes leave it out.
func (c *Cacher) InterestedWatchers(namespace, name string) int {
	n := c.trackedAll
	if namespace != "" {
		n += c.tracker[trackKey{namespace: namespace}]
	}
	if name != "" {
		n += c.tracker[trackKey{namespace, name}]
	}
	return n
}

// track counts a new watcher in the tracker (RegisterWatch,
// updateIndexLocked).
func (c *Cacher) track(w *Watcher, namespace, name string) {
	if w.indexed && w.value != "" {
		return
	}
	w.tracked, w.counted = trackKey{namespace, name}, true
	if w.tracked == (trackKey{}) {
		c.trackedAll++
		return
	}
	if c.tracker == nil {
		c.tracker = map[trackKey]int{}
	}
	c.tracker[w.tracked]++
}

// untrack forgets an ended watcher (forgetWatch).
func (c *Cacher) untrack(w *Watcher) {
	if !w.counted {
		return
	}
	w.counted = false
	if w.tracked == (trackKey{}) {
		c.trackedAll--
		return
	}
	if c.tracker[w.tracked]--; c.tracker[w.tracked] <= 0 {
		delete(c.tracker, w.tracked)
	}
}
