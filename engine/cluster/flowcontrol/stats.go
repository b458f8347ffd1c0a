package flowcontrol

import "github.com/loopbook/loopbook/engine/cluster/sim"

// LevelStats describes a priority level: its configuration, its limits,
// its running totals, and its seats and queues at one instant.
type LevelStats struct {
	PriorityLevel
	Limits
	// Dispatched counts requests admitted, at once or after waiting;
	// Queued counts those of them that waited for a seat.
	Dispatched, Queued int
	// Rejected counts 429s; the three fields after it split them by
	// reason.
	Rejected, RejectedQueueFull, RejectedTimeOut, RejectedConcurrencyLimit int
	// SeatsInUse, Executing and Waiting are the state at the instant
	// asked for: seats held, requests in their service time, requests
	// in queues (including ones already answered 429 whose wait limit
	// has not run out, which Kubernetes also still holds).
	SeatsInUse, Executing, Waiting int
}

// Stats returns every priority level's figures at now, in configuration
// order (the mandatory levels last if they were supplied). Like Admit it
// first replays what is due by now.
func (c *Controller) Stats(now sim.Time) []LevelStats {
	out := make([]LevelStats, len(c.levels))
	for i := range c.levels {
		out[i] = c.levels[i].stats(now)
	}
	return out
}

// Level returns the figures of the named priority level at now.
func (c *Controller) Level(now sim.Time, name string) (LevelStats, bool) {
	for i := range c.levels {
		if c.levels[i].Name == name {
			return c.levels[i].stats(now), true
		}
	}
	return LevelStats{}, false
}

func (l *levelState) stats(now sim.Time) LevelStats {
	l.qs.advance(now)
	n := l.count
	return LevelStats{
		PriorityLevel: l.PriorityLevel,
		Limits:        l.limits,
		Dispatched:    n.dispatched, Queued: n.queued,
		Rejected:                 n.queueFull + n.timeOut + n.concurrencyLimit,
		RejectedQueueFull:        n.queueFull,
		RejectedTimeOut:          n.timeOut,
		RejectedConcurrencyLimit: n.concurrencyLimit,
		SeatsInUse:               l.qs.seatsInUse,
		Executing:                l.qs.executing,
		Waiting:                  l.qs.waiting,
	}
}
