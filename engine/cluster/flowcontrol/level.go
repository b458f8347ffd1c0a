package flowcontrol

// PriorityLevelType says whether a priority level is limited at all
// (flowcontrol/v1 PriorityLevelEnablement).
type PriorityLevelType string

// The priority level types.
const (
	// Exempt requests are never queued or rejected and take no share of
	// the server's concurrency limit.
	Exempt PriorityLevelType = "Exempt"
	// Limited requests share the level's concurrency limit.
	Limited PriorityLevelType = "Limited"
)

// LimitResponseType says what a limited level does with a request that
// cannot be executed at once (flowcontrol/v1 LimitResponseType).
type LimitResponseType string

// The limit responses.
const (
	// Queue holds the request in one of the level's queues.
	Queue LimitResponseType = "Queue"
	// Reject answers 429 at once.
	Reject LimitResponseType = "Reject"
)

// QueuingConfiguration shapes a level's queues (flowcontrol/v1
// QueuingConfiguration).
type QueuingConfiguration struct {
	// Queues is the number of queues; a flow is shuffle-sharded onto
	// HandSize of them.
	Queues int
	// HandSize is the number of queues a flow may use.
	HandSize int
	// QueueLengthLimit is the number of requests a queue may hold while
	// every seat is taken; one more is rejected.
	QueueLengthLimit int
}

// PriorityLevel is a PriorityLevelConfiguration: a share of the server's
// concurrency and what to do with requests beyond it.
type PriorityLevel struct {
	Name string
	Type PriorityLevelType
	// NominalConcurrencyShares weighs the level's part of the server's
	// concurrency limit against the other levels'.
	NominalConcurrencyShares int
	// LendablePercent is the part of the nominal limit other levels may
	// borrow. Reported in [Limits]; borrowing itself is not modelled.
	LendablePercent int
	// BorrowingLimitPercent caps how much the level may borrow; nil is
	// no cap. Reported in [Limits] only.
	BorrowingLimitPercent *int
	// LimitResponse and Queuing apply to Limited levels.
	LimitResponse LimitResponseType
	Queuing       QueuingConfiguration
}

// queued reports whether requests of the level wait in queues.
func (pl *PriorityLevel) queued() bool {
	return pl.Type == Limited && pl.LimitResponse == Queue
}
