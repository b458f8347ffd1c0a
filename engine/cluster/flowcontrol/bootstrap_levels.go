package flowcontrol

// Names of the bootstrap priority levels.
const (
	LevelExempt         = "exempt"
	LevelSystem         = "system"
	LevelNodeHigh       = "node-high"
	LevelLeaderElection = "leader-election"
	LevelWorkloadHigh   = "workload-high"
	LevelWorkloadLow    = "workload-low"
	LevelGlobalDefault  = "global-default"
	LevelCatchAll       = "catch-all"
)

// BootstrapPriorityLevels returns the priority levels a kube-apiserver
// creates at start (k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go,
// flowcontrol/v1): the mandatory exempt and catch-all, and the suggested
// system, node-high, leader-election, workload-high, workload-low and
// global-default. Each call returns a fresh slice.
//
//	level            shares  lendable  queues  hand  queue length
//	exempt                0        0%       —     —             —
//	system               30       33%      64     6            50
//	node-high            40       25%      64     6            50
//	leader-election      10        0%      16     4            50
//	workload-high        40       50%     128     6            50
//	workload-low        100       90%     128     6            50
//	global-default       20       50%     128     6            50
//	catch-all             5        0%  (Reject: no queues)
func BootstrapPriorityLevels() []PriorityLevel {
	queued := func(name string, shares, lendable, queues, hand int) PriorityLevel {
		return PriorityLevel{
			Name: name, Type: Limited,
			NominalConcurrencyShares: shares, LendablePercent: lendable,
			LimitResponse: Queue,
			Queuing:       QueuingConfiguration{Queues: queues, HandSize: hand, QueueLengthLimit: 50},
		}
	}
	return []PriorityLevel{
		{Name: LevelExempt, Type: Exempt},
		queued(LevelSystem, 30, 33, 64, 6),
		queued(LevelNodeHigh, 40, 25, 64, 6),
		queued(LevelLeaderElection, 10, 0, 16, 4),
		queued(LevelWorkloadHigh, 40, 50, 128, 6),
		queued(LevelWorkloadLow, 100, 90, 128, 6),
		queued(LevelGlobalDefault, 20, 50, 128, 6),
		{Name: LevelCatchAll, Type: Limited, NominalConcurrencyShares: 5, LimitResponse: Reject},
	}
}
