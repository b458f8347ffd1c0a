package scenario

import (
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// spareLogs are the trace logs of finished throwaway runs (a what-if
// combination, a gate variant), whose results keep nothing of their
// trace: the next such run records into one instead of growing a new log.
var spareLogs = sync.Pool{New: func() any { return trace.NewLog() }}

// lendLog makes the run cfg configures record into a spare log, and
// returns what gives the log back once nothing of the run's trace is used
// any more.
func lendLog(cfg *cluster.Config) (giveBack func()) {
	log := spareLogs.Get().(*trace.Log)
	cfg.Log = log
	return func() { spareLogs.Put(log) }
}
