package replicaset

import (
	"fmt"
	"strconv"

	"github.com/loopbook/loopbook/engine/cluster/client/cache"
)

// consistency is pkg/controller/util/consistency's RealConsistencyStore,
// which the ReplicaSet controller uses when StaleControllerConsistency-
// ReplicaSet is on (beta, on by default since v1.36, with client-go's
// AtomicFIFO): a ReplicaSet is not synced until the informers have read
// at least the resourceVersions the controller last wrote for it.
type consistency struct {
	stores map[string]*cache.SharedInformer // by group resource
	writes map[string]*ownerRecord          // by ReplicaSet key
}

type ownerRecord struct {
	uid      string
	versions map[string]string // group resource -> resourceVersion
}

// consistencyError is ConsistencyError.
type consistencyError struct {
	readRV, wroteRV, groupResource string
}

// Error is ConsistencyError's message.
func (e *consistencyError) Error() string {
	return fmt.Sprintf("read version: %s is not as new as written version: %s for group resource %s", e.readRV, e.wroteRV, e.groupResource)
}

// The group resources, as schema.GroupResource prints them.
const (
	podsResource        = "pods"
	replicaSetsResource = "replicasets.apps"
)

func newConsistency(pods, replicaSets *cache.SharedInformer) *consistency {
	return &consistency{stores: map[string]*cache.SharedInformer{podsResource: pods, replicaSetsResource: replicaSets},
		writes: map[string]*ownerRecord{}}
}

// wroteAt records a write for the ReplicaSet key with uid; the highest
// resourceVersion per resource is kept.
func (c *consistency) wroteAt(key, uid, resource, rv string) {
	rec := c.writes[key]
	if rec == nil || rec.uid != uid {
		rec = &ownerRecord{uid: uid, versions: map[string]string{}}
		c.writes[key] = rec
	}
	if old, ok := rec.versions[resource]; ok && compareRV(old, rv) >= 0 {
		return
	}
	rec.versions[resource] = rv
}

// clear forgets the ReplicaSet's writes (uid "" matches any).
func (c *consistency) clear(key, uid string) {
	if rec := c.writes[key]; rec != nil && (uid == "" || rec.uid == uid) {
		delete(c.writes, key)
	}
}

// ensureReady is EnsureReady: an error while an informer is behind the
// controller's own writes; once every one has caught up, the record is
// dropped.
func (c *consistency) ensureReady(key string) error {
	rec := c.writes[key]
	if rec == nil {
		return nil
	}
	for _, gr := range []string{podsResource, replicaSetsResource} {
		wrote, ok := rec.versions[gr]
		if !ok {
			continue
		}
		read := c.stores[gr].LastSyncResourceVersion()
		if read == "" {
			continue
		}
		if compareRV(wrote, read) > 0 {
			return &consistencyError{readRV: read, wroteRV: wrote, groupResource: gr}
		}
	}
	delete(c.writes, key)
	return nil
}

// compareRV is resourceversion.CompareResourceVersion on the model's
// integer resourceVersions; unparsable ones compare equal.
func compareRV(a, b string) int {
	x, err1 := strconv.ParseUint(a, 10, 64)
	y, err2 := strconv.ParseUint(b, 10, 64)
	switch {
	case err1 != nil || err2 != nil || x == y:
		return 0
	case x < y:
		return -1
	}
	return 1
}
