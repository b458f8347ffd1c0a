package leaderelection

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// tryAcquireOrRenew is client-go's function of that name: it reports
// whether the candidate holds the Lease after this try.
func (e *Elector) tryAcquireOrRenew() bool {
	now := e.loop.Now()
	wall := now.Wall()
	rec := Record{
		HolderIdentity:       e.cfg.Identity,
		LeaseDurationSeconds: int64(e.cfg.LeaseDuration / time.Second),
		RenewTime:            wall,
		AcquireTime:          wall,
	}

	// 1. The leader updates optimistically, assuming the record it
	// observed last is still the stored one.
	if e.IsLeader() && e.leaseValid() {
		rec.AcquireTime, rec.LeaderTransitions = e.observed.AcquireTime, e.observed.LeaderTransitions
		if e.lock.Update(rec) == nil {
			e.setObserved(rec)
			return true
		}
	}

	// 2. Read the record, or create it.
	old, err := e.lock.Get()
	if err != nil {
		if !api.IsReason(err, api.ReasonNotFound) {
			return false
		}
		if e.lock.Create(rec) != nil {
			return false
		}
		e.setObserved(rec)
		return true
	}

	// 3. A change of the record restarts the clock of its validity.
	if r := old.raw(); r != e.observedRaw {
		e.setObserved(old)
		e.observedRaw = r
	}
	if old.HolderIdentity != "" && e.leaseValid() && !e.IsLeader() {
		return false
	}

	// 4. Take the Lease over, or renew it.
	if e.IsLeader() {
		rec.AcquireTime, rec.LeaderTransitions = old.AcquireTime, old.LeaderTransitions
	} else {
		rec.LeaderTransitions = old.LeaderTransitions + 1
	}
	if e.lock.Update(rec) != nil {
		return false
	}
	e.setObserved(rec)
	return true
}

// leaseValid is isLeaseValid: the observed record has not yet lasted its
// leaseDurationSeconds since it was observed.
func (e *Elector) leaseValid() bool {
	until := e.observedTime.Add(time.Duration(e.observed.LeaseDurationSeconds) * time.Second)
	return until > e.loop.Now()
}

// setObserved remembers r as observed now.
func (e *Elector) setObserved(r Record) {
	e.observed = r
	e.observedTime = e.loop.Now()
}

// maxReleaseTries bounds tryRelease's retries on conflict, which
// client-go bounds by RenewDeadline instead.
const maxReleaseTries = 5

// release gives the Lease up, as tryRelease does: it keeps the
// transitions count, empties the holder and shortens the duration to one
// second, so that the next candidate takes over at its next try.
func (e *Elector) release() bool {
	for range maxReleaseTries {
		old, err := e.lock.Get()
		if err != nil {
			return false
		}
		if !e.IsLeader() {
			return true
		}
		wall := e.loop.Now().Wall()
		rec := Record{LeaderTransitions: old.LeaderTransitions, LeaseDurationSeconds: 1, RenewTime: wall, AcquireTime: wall}
		err = e.lock.Update(rec)
		if err == nil {
			e.setObserved(rec)
			return true
		}
		if !api.IsReason(err, api.ReasonConflict) {
			return false
		}
	}
	return false
}
