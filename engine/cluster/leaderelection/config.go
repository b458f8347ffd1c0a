package leaderelection

import (
	"errors"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// JitterFactor stretches the time between a candidate's tries to acquire:
// wait.Jitter(RetryPeriod, 1.2) (leaderelection.go, JitterFactor).
const JitterFactor = 1.2

// The defaults of k8s.io/component-base/config/v1alpha1/defaults.go
// (RecommendedDefaultLeaderElectionConfiguration), which
// kube-controller-manager and kube-scheduler apply.
const (
	DefaultLeaseDuration = 15 * time.Second
	DefaultRenewDeadline = 10 * time.Second
	DefaultRetryPeriod   = 2 * time.Second
)

// NamespaceSystem is where control-plane components keep their Leases
// (--leader-elect-resource-namespace, cmd/kube-controller-manager/app/options/options.go).
const NamespaceSystem = "kube-system"

// Callbacks are told about the candidate's outcomes. They run on the loop
// (client-go runs them on goroutines).
type Callbacks struct {
	// OnStartedLeading is called when the candidate becomes leader.
	OnStartedLeading func()
	// OnStoppedLeading is called whenever the elector ends: leadership
	// lost at the renew deadline, or Stop. As in client-go it is called
	// even when the candidate never led.
	OnStoppedLeading func()
	// OnNewLeader is called when the candidate observes a holder other
	// than the one it last reported, itself included; may be nil.
	OnNewLeader func(identity string)
}

// Config configures an Elector.
type Config struct {
	// Namespace and Name are the Lease's. Default namespace: kube-system.
	Namespace, Name string
	// Identity is what the candidate writes as holderIdentity; it must be
	// unique among the candidates (see NewIdentity).
	Identity string
	// LeaseDuration is how long others wait, after last observing the
	// record change, before taking the Lease over. Default 15 s.
	LeaseDuration time.Duration
	// RenewDeadline is how long the leader keeps retrying a renewal before
	// it stops leading. Default 10 s.
	RenewDeadline time.Duration
	// RetryPeriod is the time between tries. Default 2 s.
	RetryPeriod time.Duration
	// ReleaseOnCancel makes Stop give the Lease up (holderIdentity "",
	// leaseDurationSeconds 1) when leading. Default false.
	ReleaseOnCancel bool
	Callbacks       Callbacks
	// EventRecorder, when set, records the LeaderElection Event about
	// the Lease when this candidate becomes leader (resourcelock's
	// RecordEvent, with ResourceLockConfig.EventRecorder).
	EventRecorder EventRecorder
}

// EventRecorder records an Event about an object (record.Recorder).
type EventRecorder interface {
	Event(obj *object.Object, eventType, reason, message string)
}

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	if c.Namespace == "" {
		c.Namespace = NamespaceSystem
	}
	if c.LeaseDuration == 0 {
		c.LeaseDuration = DefaultLeaseDuration
	}
	if c.RenewDeadline == 0 {
		c.RenewDeadline = DefaultRenewDeadline
	}
	if c.RetryPeriod == 0 {
		c.RetryPeriod = DefaultRetryPeriod
	}
	return c
}

// validate reports what NewLeaderElector rejects, in its order and words
// (leaderelection.go), plus a Lease without a name.
func (c Config) validate() error {
	switch {
	case c.LeaseDuration <= c.RenewDeadline:
		return errors.New("leaseDuration must be greater than renewDeadline")
	case c.RenewDeadline <= time.Duration(JitterFactor*float64(c.RetryPeriod)):
		return errors.New("renewDeadline must be greater than retryPeriod*JitterFactor")
	case c.LeaseDuration < 1:
		return errors.New("leaseDuration must be greater than zero")
	case c.RenewDeadline < 1:
		return errors.New("renewDeadline must be greater than zero")
	case c.RetryPeriod < 1:
		return errors.New("retryPeriod must be greater than zero")
	case c.Callbacks.OnStartedLeading == nil:
		return errors.New("OnStartedLeading callback must not be nil")
	case c.Callbacks.OnStoppedLeading == nil:
		return errors.New("OnStoppedLeading callback must not be nil")
	case c.Name == "":
		return errors.New("Lock must not be nil.")
	case c.Identity == "":
		return errors.New("Lock identity is empty")
	}
	return nil
}
