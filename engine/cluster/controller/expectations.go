package controller

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// ExpectationsTimeout is how long a controller waits for creations and
// deletions it expects before it acts anyway
// (pkg/controller/controller_utils.go).
const ExpectationsTimeout = 5 * time.Minute

// Expectations is controller.UIDTrackingControllerExpectations: per
// owner key (a ReplicaSet's, a Job's), how many creations and deletions
// its controller made and has not yet seen through its informer, and
// which Pods it deleted.
type Expectations struct {
	loop  *sim.Loop
	items map[string]*expectation
	// deletes is the uidStore: the keys of the Pods an owner deleted.
	deletes map[string]map[string]bool
}

// expectation is controller.ControlleeExpectations.
type expectation struct {
	add, del int64
	at       sim.Time
}

// NewExpectations returns empty expectations timed by loop.
func NewExpectations(loop *sim.Loop) *Expectations {
	return &Expectations{loop: loop, items: map[string]*expectation{}, deletes: map[string]map[string]bool{}}
}

// Satisfied is SatisfiedExpectations: true when nothing is expected, when
// everything expected was seen, or when the expectations are older than
// ExpectationsTimeout.
func (e *Expectations) Satisfied(key string) bool {
	exp, ok := e.items[key]
	if !ok {
		return true
	}
	return (exp.add <= 0 && exp.del <= 0) || e.loop.Now().Sub(exp.at) > ExpectationsTimeout
}

// ExpectCreations is ExpectCreations: it replaces what was expected.
func (e *Expectations) ExpectCreations(key string, adds int) {
	e.items[key] = &expectation{add: int64(adds), at: e.loop.Now()}
}

// ExpectDeletions is the UID-tracking ExpectDeletions.
func (e *Expectations) ExpectDeletions(key string, podKeys []string) {
	set := make(map[string]bool, len(podKeys))
	for _, k := range podKeys {
		set[k] = true
	}
	e.deletes[key] = set
	e.items[key] = &expectation{del: int64(len(set)), at: e.loop.Now()}
}

// CreationObserved is CreationObserved: one expected creation fewer.
func (e *Expectations) CreationObserved(key string) {
	if exp, ok := e.items[key]; ok {
		exp.add--
	}
}

// DeletionObserved is the UID-tracking DeletionObserved: counted once per
// Pod the owner deleted.
func (e *Expectations) DeletionObserved(key, podKey string) {
	if set := e.deletes[key]; set[podKey] {
		delete(set, podKey)
		if exp, ok := e.items[key]; ok {
			exp.del--
		}
	}
}

// Forget is DeleteExpectations.
func (e *Expectations) Forget(key string) {
	delete(e.items, key)
	delete(e.deletes, key)
}
