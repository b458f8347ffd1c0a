package flowcontrol

// Work-estimation bounds (k8s.io/apiserver/pkg/util/flowcontrol/request/config.go).
const (
	minimumSeats      = 1
	maximumSeatsLimit = 10
)

// Limits are a priority level's concurrency figures, computed from the
// server's concurrency limit as the API Priority and Fairness config
// controller does (k8s.io/apiserver/pkg/util/flowcontrol/apf_controller.go,
// finishQueueSetReconfigsLocked):
//
//	NominalCL   = ceil(ServerCL * NCS / sum of every level's NCS)
//	LendableCL  = round(NominalCL * lendablePercent / 100)
//	BorrowingCL = round(NominalCL * borrowingLimitPercent / 100), or ServerCL without a limit
//	MinCL       = NominalCL - LendableCL
//	MaxCL       = NominalCL + BorrowingCL
//	MaxSeats    = max(1, min(ceil(0.15 * NominalCL), NominalCL / handSize)), at most 10
//
// The model executes each level at its NominalCL: borrowing between
// levels, which Kubernetes adjusts every 10 s from smoothed seat demand,
// is not modelled. MinCL and MaxCL are reported for lessons.
type Limits struct {
	NominalCL   int
	LendableCL  int
	BorrowingCL int
	MinCL       int
	MaxCL       int
	// MaxSeats is the most seats one request of the level may take
	// (apf_controller.go; the work estimator caps it at 10). Levels
	// without queues have no entry in Kubernetes' tracker and get 10.
	MaxSeats int
}

// computeLimits returns the Limits of each level, in order.
func computeLimits(serverCL int, levels []PriorityLevel) []Limits {
	shareSum := 0
	for _, pl := range levels {
		shareSum += pl.NominalConcurrencyShares
	}
	out := make([]Limits, len(levels))
	for i, pl := range levels {
		l := &out[i]
		if shareSum > 0 {
			l.NominalCL = ceilDiv(serverCL*pl.NominalConcurrencyShares, shareSum)
		}
		l.LendableCL = roundDiv(l.NominalCL*pl.LendablePercent, 100)
		l.BorrowingCL = serverCL
		if pl.BorrowingLimitPercent != nil {
			l.BorrowingCL = roundDiv(l.NominalCL**pl.BorrowingLimitPercent, 100)
		}
		l.MinCL = l.NominalCL - l.LendableCL
		l.MaxCL = l.NominalCL + l.BorrowingCL
		l.MaxSeats = maximumSeatsLimit
		if pl.queued() && pl.Queuing.HandSize > 0 {
			// max(1, min(ceil(0.15*nominal), nominal/handSize)), then the
			// estimator's cap of 10.
			seats := min(ceilDiv(15*l.NominalCL, 100), l.NominalCL/pl.Queuing.HandSize)
			l.MaxSeats = min(max(1, seats), maximumSeatsLimit)
		}
	}
	return out
}

// ceilDiv is ceil(a/b) for a >= 0, b > 0: the exact value of Kubernetes'
// math.Ceil(float64(a)/float64(b)) for integers of this size.
func ceilDiv(a, b int) int { return (a + b - 1) / b }

// roundDiv is math.Round(a/b) for a >= 0, b > 0 (halves round up).
func roundDiv(a, b int) int { return (2*a + b) / (2 * b) }
