package controllermanager

import (
	"strconv"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// LeaseName is the Lease the replicas compete for, in kube-system
// (--leader-elect-resource-name and -namespace,
// cmd/kube-controller-manager/app/options/options.go).
const LeaseName = "kube-controller-manager"

// MinResyncPeriod is --min-resync-period
// (k8s.io/controller-manager/config/v1alpha1/defaults.go): the shared
// informers resync every MinResyncPeriod·[1, 2).
const MinResyncPeriod = 12 * time.Hour

// Actor is the trace actor of the first replica; others are Actor-2,
// Actor-3, … (see ReplicaName).
const Actor trace.Actor = "controller-manager"

// ReplicaName is the actor of replica i, from 0: "controller-manager",
// "controller-manager-2", ….
func ReplicaName(i int) trace.Actor {
	if i == 0 {
		return Actor
	}
	return Actor + trace.Actor("-"+strconv.Itoa(i+1))
}

// Config configures one replica.
type Config struct {
	// Name is the replica's actor; default Actor.
	Name trace.Actor
	// Hostname is the first part of the holder identity; default Name.
	Hostname string
	// Token authenticates the process as system:kube-controller-manager,
	// for the Lease and the shared informers; "" is anonymous.
	Token string
	// ServiceAccountToken returns the token of a controller's
	// ServiceAccount in kube-system (its name is the controller's Name).
	// Nil: controllers use Token, as with
	// --use-service-account-credentials=false.
	ServiceAccountToken func(serviceAccount string) string
	// Controllers build the controllers the process runs, in start
	// order. Each leadership term builds them anew.
	Controllers []func() controller.Controller
}
