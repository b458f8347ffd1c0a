package replicaset

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// ExpectationsTimeout is how long a ReplicaSet waits for creations and
// deletions it expects before it acts anyway
// (pkg/controller/controller_utils.go).
const ExpectationsTimeout = 5 * time.Minute

// expectations is controller.UIDTrackingControllerExpectations: per
// ReplicaSet key, how many creations and deletions it made and has not
// yet seen through its informer, and which Pods it deleted.
type expectations struct {
	loop  *sim.Loop
	items map[string]*expectation
	// deletes is the uidStore: the keys of the Pods a ReplicaSet deleted.
	deletes map[string]map[string]bool
}

// expectation is controller.ControlleeExpectations.
type expectation struct {
	add, del int64
	at       sim.Time
}

func newExpectations(loop *sim.Loop) *expectations {
	return &expectations{loop: loop, items: map[string]*expectation{}, deletes: map[string]map[string]bool{}}
}

// satisfied is SatisfiedExpectations: true when nothing is expected, when
// everything expected was seen, or when the expectations are older than
// ExpectationsTimeout.
func (e *expectations) satisfied(key string) bool {
	exp, ok := e.items[key]
	if !ok {
		return true
	}
	return (exp.add <= 0 && exp.del <= 0) || e.loop.Now().Sub(exp.at) > ExpectationsTimeout
}

// expectCreations is ExpectCreations: it replaces what was expected.
func (e *expectations) expectCreations(key string, adds int) {
	e.items[key] = &expectation{add: int64(adds), at: e.loop.Now()}
}

// expectDeletions is the UID-tracking ExpectDeletions.
func (e *expectations) expectDeletions(key string, podKeys []string) {
	set := make(map[string]bool, len(podKeys))
	for _, k := range podKeys {
		set[k] = true
	}
	e.deletes[key] = set
	e.items[key] = &expectation{del: int64(len(set)), at: e.loop.Now()}
}

// creationObserved is CreationObserved: one expected creation fewer.
func (e *expectations) creationObserved(key string) {
	if exp, ok := e.items[key]; ok {
		exp.add--
	}
}

// deletionObserved is the UID-tracking DeletionObserved: counted once per
// Pod the ReplicaSet deleted.
func (e *expectations) deletionObserved(key, podKey string) {
	if set := e.deletes[key]; set[podKey] {
		delete(set, podKey)
		if exp, ok := e.items[key]; ok {
			exp.del--
		}
	}
}

// forget is DeleteExpectations.
func (e *expectations) forget(key string) {
	delete(e.items, key)
	delete(e.deletes, key)
}
