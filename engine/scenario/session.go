package scenario

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
	"github.com/loopbook/loopbook/engine/scenario/result"
)

// Limits of virtual time.
const (
	// BootLimit bounds the cluster's boot: start, then settle.
	BootLimit = 10 * time.Minute
	// SettleLimit bounds Session.Settle.
	SettleLimit = 10 * time.Minute
	// UntilLimit is an until action's limit when it names none (the
	// format's default).
	UntilLimit = 10 * time.Minute
)

// Session is one run: a booted cluster, the history of its store, and
// what the run's actions did. Block executors (scenario, failures,
// whatif, gates) drive it with Do, Settle and the cluster itself, and
// evaluate claims on it with Check. A Session is used from one
// goroutine.
type Session struct {
	// Cluster is the model cluster, started and settled.
	Cluster *cluster.Cluster
	// History holds every store change since the cluster was built.
	History *History
	// Start is the trace index of the run's first event (the boot's
	// events come before it), StartTime the virtual instant it began and
	// StartRev the store's revision then.
	Start     int
	StartTime sim.Time
	StartRev  int64
	// Responses are the responses to the API actions, in order.
	Responses []result.Response

	// marks are the trace index of each action's last event, by id.
	marks map[string]int
	// responses by action id.
	byID map[string]int
	// faults are the faults applied, with when they were restored.
	faults []faultSpan
	// steps are the step matches claims may refer to (see SetSteps).
	steps []StepMatch
	// flat caches flattened objects: steps often show one stored object
	// (stored objects are immutable, so the pointer is the version).
	flat map[*object.Object]*result.Object
	// verdictOnly is set while a claim is asked for its verdict alone
	// (see holds): the object claims then write no expectation,
	// observation or evidence.
	verdictOnly bool
	// inventory collects the map actors' inventories (see Map) from the
	// trace events before index inventoryTo. The boot's are taken as soon
	// as it ends, so that its part of the log can go at once.
	inventory   *inventories
	inventoryTo int
	// index lists the run's events by verb and actor, for the claims
	// and steps (see eventIndex).
	index eventIndex
	// sizes are the sizes of the object versions the polls and watches
	// received (see follow).
	sizes objectSizes
}

// NewSession builds a cluster from cfg, starts it, lets it settle
// (cluster.Settle), and marks the start of the run. It fails when the
// cluster cannot be built or does not settle within BootLimit.
func NewSession(cfg cluster.Config) (*Session, error) {
	cfg.UnreadBoot = true // released below, once the inventories have it
	c, err := cluster.New(cfg)
	if err != nil {
		return nil, err
	}
	s := &Session{Cluster: c, History: newHistory(c.Trace()), marks: map[string]int{}, byID: map[string]int{}}
	// No compaction has run before Start (the compactor ticks on the
	// loop), so the whole history from revision 1 is there.
	if _, err := c.Store().Watch("", 1, s.History); err != nil {
		return nil, fmt.Errorf("scenario: watching the store: %w", err)
	}
	c.Start()
	if !c.Settle(BootLimit) {
		return nil, fmt.Errorf("scenario: the cluster did not settle within %s of booting", BootLimit)
	}
	s.Start, s.StartTime, s.StartRev = c.Trace().Len(), c.Now(), c.Store().Rev()
	// The run reads no event of the boot but through the inventories:
	// the boot's memory goes to the run's own events.
	s.inventory = newInventories()
	s.takeInventory()
	c.Trace().Release(s.Start)
	c.SummarizeChanges()
	return s, nil
}

// release gives the session's history, inventories and loop queue,
// emptied, to the next run, once the session's result is made: nothing
// may use s or its cluster afterwards.
func (s *Session) release() {
	s.History.release()
	s.inventory.release()
	s.index.release()
	s.Cluster.Env().Loop.Release()
}

// takeInventory adds the events recorded since the last call to the
// inventories.
func (s *Session) takeInventory() { s.takeInventoryTo(s.Trace().Len()) }

// takeInventoryTo adds the events recorded since the last call, up to
// index end, to the inventories.
func (s *Session) takeInventoryTo(end int) {
	log := s.Trace()
	for ; s.inventoryTo < min(end, log.Len()); s.inventoryTo++ {
		s.inventory.event(log.At(s.inventoryTo))
	}
}

// Settle runs the cluster until it is quiet (see cluster.Settle), for at
// most SettleLimit, and reports whether it settled.
func (s *Session) Settle() bool { return s.Cluster.Settle(SettleLimit) }

// Trace returns the run's log.
func (s *Session) Trace() *trace.Log { return s.Cluster.Trace() }

// End returns the trace index of the last event so far.
func (s *Session) End() int { return s.Trace().Len() - 1 }

// Events returns the run's events, from the start mark on: the log's own,
// not copies (never to be modified). They keep alive only the parts of
// the log that hold them, not the boot's.
func (s *Session) Events() []*trace.Event {
	log := s.Trace()
	out := make([]*trace.Event, 0, log.Len()-s.Start)
	for i := s.Start; i < log.Len(); i++ {
		out = append(out, log.At(i))
	}
	return out
}

// Kind resolves a kind as a claim or an action writes it (pod, pods, po,
// Pod, deployments.apps) against the cluster's registry.
func (s *Session) Kind(word string) (*object.KindInfo, error) {
	return s.Cluster.Env().Kinds.Resolve(word)
}

// ObjectAt returns the object of a kind (as written: "pod", "deployment")
// in namespace ns ("" when cluster-scoped) called name, as it was right
// after the trace event at index i; nil when it did not exist then or
// the kind is unknown.
func (s *Session) ObjectAt(kind, ns, name string, i int) *object.Object {
	k, err := s.Kind(kind)
	if err != nil {
		return nil
	}
	if !k.Namespaced {
		ns = ""
	}
	return s.History.At(ObjectKey{Group: k.Group, Kind: k.Kind, Namespace: ns, Name: name}, i)
}

// ObjectsAt returns the objects of a kind in namespace ns ("" or "*" for
// all) right after event i, ordered by namespace and name.
func (s *Session) ObjectsAt(kind, ns string, i int) []*object.Object {
	k, err := s.Kind(kind)
	if err != nil {
		return nil
	}
	return s.History.Objects(GroupKind{k.Group, k.Kind}, ns, i)
}

// ActionEnd returns the trace index of the last event of the action with
// id, and whether the run has done it.
func (s *Session) ActionEnd(id string) (int, bool) {
	i, ok := s.marks[id]
	return i, ok
}

// Response returns the response to the API action with id.
func (s *Session) Response(id string) (result.Response, bool) {
	i, ok := s.byID[id]
	if !ok {
		return result.Response{}, false
	}
	return s.Responses[i], true
}

// SetSteps gives the session the steps matched on its trace, for claims
// checked "after" a step.
func (s *Session) SetSteps(ms []StepMatch) { s.steps = ms }
