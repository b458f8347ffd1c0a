package object

import "time"

// LeaseView is what leader election and the node lifecycle controller read
// of a Lease.
type LeaseView struct {
	Name, Namespace      string
	HolderIdentity       string
	LeaseDurationSeconds int64
	AcquireTime          time.Time
	RenewTime            time.Time
	LeaseTransitions     int64
}

// ViewLease decodes a Lease's view.
func ViewLease(o *Object) LeaseView {
	spec := o.Spec()
	v := LeaseView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace,
		HolderIdentity: stringAt(spec, "holderIdentity"),
		AcquireTime:    TimeAt(spec, "acquireTime"),
		RenewTime:      TimeAt(spec, "renewTime"),
	}
	v.LeaseDurationSeconds, _ = intAt(spec, "leaseDurationSeconds")
	v.LeaseTransitions, _ = intAt(spec, "leaseTransitions")
	return v
}

// Expired reports whether the lease is free at now: no holder, or renewed
// longer ago than its duration (client-go leaderelection's check).
func (l *LeaseView) Expired(now time.Time) bool {
	if l.HolderIdentity == "" || l.RenewTime.IsZero() {
		return true
	}
	return !now.Before(l.RenewTime.Add(time.Duration(l.LeaseDurationSeconds) * time.Second))
}
