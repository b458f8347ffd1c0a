package leaderelection

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Record is the election state kept in a Lease's spec
// (resourcelock.LeaderElectionRecord, tools/leaderelection/resourcelock/interface.go).
type Record struct {
	// HolderIdentity is the leader; "" when nobody holds the Lease (a
	// leader released it).
	HolderIdentity       string
	LeaseDurationSeconds int64
	AcquireTime          time.Time
	RenewTime            time.Time
	LeaderTransitions    int64
	Strategy             string
	PreferredHolder      string
}

// raw is what a candidate compares to tell whether the record changed:
// client-go compares the record's JSON encoding, in which metav1.Time
// keeps whole seconds only (k8s.io/apimachinery/pkg/apis/meta/v1/time.go,
// MarshalJSON). Two records with equal raw forms encode to the same
// bytes.
type raw struct {
	holder               string
	leaseDurationSeconds int64
	acquire, renew       int64 // Unix seconds; 0 for a zero time (JSON null)
	transitions          int64
	strategy, preferred  string
}

// raw returns the record's comparable form.
func (r Record) raw() raw {
	return raw{r.HolderIdentity, r.LeaseDurationSeconds, unixSeconds(r.AcquireTime), unixSeconds(r.RenewTime),
		r.LeaderTransitions, r.Strategy, r.PreferredHolder}
}

func unixSeconds(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.Unix()
}

// recordOf reads the record of a Lease
// (resourcelock.LeaseSpecToLeaderElectionRecord).
func recordOf(lease *object.Object) Record {
	spec := lease.Spec()
	str := func(k string) string { s, _ := spec[k].(string); return s }
	num := func(k string) int64 {
		switch v := spec[k].(type) {
		case int64:
			return v
		case float64:
			return int64(v)
		}
		return 0
	}
	tm := func(k string) time.Time { t, _ := object.ParseTime(str(k)); return t }
	return Record{
		HolderIdentity:       str("holderIdentity"),
		LeaseDurationSeconds: num("leaseDurationSeconds"),
		AcquireTime:          tm("acquireTime"),
		RenewTime:            tm("renewTime"),
		LeaderTransitions:    num("leaseTransitions"),
		Strategy:             str("strategy"),
		PreferredHolder:      str("preferredHolder"),
	}
}

// spec is the Lease spec of the record
// (resourcelock.LeaderElectionRecordToLeaseSpec): times as
// metav1.MicroTime, strategy and preferredHolder only when set.
func (r Record) spec() map[string]any {
	s := map[string]any{
		"holderIdentity":       r.HolderIdentity,
		"leaseDurationSeconds": r.LeaseDurationSeconds,
		"acquireTime":          object.FormatMicroTime(r.AcquireTime),
		"renewTime":            object.FormatMicroTime(r.RenewTime),
		"leaseTransitions":     r.LeaderTransitions,
	}
	if r.Strategy != "" {
		s["strategy"] = r.Strategy
	}
	if r.PreferredHolder != "" {
		s["preferredHolder"] = r.PreferredHolder
	}
	return s
}

// sameSpecButRenewal reports whether the specs of r and o are the same
// but for their renewTime.
func (r Record) sameSpecButRenewal(o Record) bool {
	return r.HolderIdentity == o.HolderIdentity && r.LeaseDurationSeconds == o.LeaseDurationSeconds &&
		r.AcquireTime.Equal(o.AcquireTime) && r.LeaderTransitions == o.LeaderTransitions &&
		r.Strategy == o.Strategy && r.PreferredHolder == o.PreferredHolder
}
