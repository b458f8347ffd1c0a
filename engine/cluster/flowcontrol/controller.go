package flowcontrol

import (
	"slices"
	"time"
)

// Controller is API Priority and Fairness for one API server: it
// classifies each request and admits it to its priority level's seats,
// queues it, or rejects it. It is not safe for concurrent use; the model
// calls it from its one goroutine.
type Controller struct {
	cfg       Config
	serverCL  int
	waitLimit time.Duration
	schemas   []schemaState
	levels    []levelState
	groups    groupIndex
	nextID    uint64
	warnings  []string
	// classes are the schemas requests were classified into (see
	// classify).
	classes *[classSlots]classified
}

// schemaState is a FlowSchema in use, with its flows' queues.
type schemaState struct {
	FlowSchema
	level    int
	subjects [][]subject        // each rule's subjects, ready for matching
	hands    map[string][]int32 // each flow's shuffle-sharded queues
	// lastFlow's hand is the one dealt or found last: a schema's requests
	// mostly come from one flow at a time, and comparing the flow costs
	// less than hashing it.
	lastFlow string
	lastHand []int32
}

// newSchemaState prepares fs, which classifies into level li.
func (c *Controller) newSchemaState(fs FlowSchema, li int) schemaState {
	s := schemaState{FlowSchema: fs, level: li, hands: map[string][]int32{}}
	s.subjects = make([][]subject, len(fs.Rules))
	for i, r := range fs.Rules {
		s.subjects[i] = make([]subject, 0, len(r.Subjects))
		for _, sub := range r.Subjects {
			cs := subject{Subject: sub}
			if sub.Kind == SubjectGroup && sub.Name != NameAll {
				cs.bit = c.groups.bit(sub.Name)
			}
			s.subjects[i] = append(s.subjects[i], cs)
		}
	}
	return s
}

// levelState is a priority level in use.
type levelState struct {
	PriorityLevel
	limits Limits
	dealer dealer
	qs     queueSet
	drops  droppedRequests
	count  counts
}

// counts are a level's running totals.
type counts struct {
	dispatched, queued, queueFull, timeOut, concurrencyLimit int
}

// New builds a Controller. Like Kubernetes' config controller it ignores
// a priority level whose configuration is broken and a FlowSchema that
// names a missing level, and supplies the mandatory exempt and catch-all
// levels and schemas when they are missing; [Controller.Warnings] lists
// what it ignored.
func New(cfg Config) *Controller {
	cfg = cfg.withDefaults()
	c := &Controller{cfg: cfg, serverCL: cfg.ServerConcurrencyLimit(), waitLimit: cfg.QueueWaitLimit()}
	levels := c.usableLevels(cfg.PriorityLevels)
	limits := computeLimits(c.serverCL, levels)
	index := make(map[string]int, len(levels))
	c.levels = make([]levelState, len(levels))
	for i := range levels {
		l := &c.levels[i]
		l.PriorityLevel, l.limits, l.drops = levels[i], limits[i], newDroppedRequests()
		if l.queued() {
			l.dealer, _ = newDealer(l.Queuing.Queues, l.Queuing.HandSize) // checked by usableLevels
		}
		l.qs = newQueueSet(&l.PriorityLevel, l.limits.NominalCL, c.waitLimit)
		index[l.Name] = i
	}
	c.schemas = c.usableSchemas(cfg.FlowSchemas, index)
	return c
}

// Warnings lists the configuration New ignored, in order.
func (c *Controller) Warnings() []string { return slices.Clone(c.warnings) }

// QueueWaitLimit is how long a request may wait for a seat.
func (c *Controller) QueueWaitLimit() time.Duration { return c.waitLimit }
