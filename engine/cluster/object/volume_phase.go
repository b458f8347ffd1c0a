package object

import "time"

// StampVolumePhaseTransition sets a PersistentVolume's
// status.lastPhaseTransitionTime as its registry strategy does
// (pkg/registry/core/persistentvolume/strategy.go): on create (old nil)
// to now, beside the Pending phase; on a status update, to now when the
// phase changes and the writer did not set a new time, and to the stored
// time when the phase stays and the writer sent none. now is truncated to
// whole seconds, as metav1.Time is stored. Other kinds are left alone.
func StampVolumePhaseTransition(o, old *Object, now time.Time) {
	if o.Kind != "PersistentVolume" || o.Group() != "" {
		return
	}
	const key = "lastPhaseTransitionTime"
	st := o.EnsureMap("status")
	stamp := FormatTime(now.Truncate(time.Second))
	if old == nil {
		st[key] = stamp
		return
	}
	prev, sent := old.Status()[key], st[key]
	switch {
	case old.Status()["phase"] == st["phase"] && sent == nil:
		if prev != nil {
			st[key] = prev
		}
	case old.Status()["phase"] != st["phase"] && (sent == nil || sent == prev):
		st[key] = stamp
	}
}
