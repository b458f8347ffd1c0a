package apiserver

import (
	"fmt"
	"github.com/loopbook/loopbook/engine/cluster/audit"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/store"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Defaults of a control plane.
const (
	// DefaultEndpointAddress is where clients outside the cluster reach the
	// endpoint in front of the replicas (the model's control-plane
	// endpoint; the port is kube-apiserver's --secure-port default, 6443).
	DefaultEndpointAddress = "10.0.0.2:6443"
	// firstReplicaIP is the address of the first replica; the next ones
	// follow (10.0.0.10, 10.0.0.11, …). Illustrative.
	firstReplicaIP = 10
	// securePort is kube-apiserver's --secure-port default.
	securePort = 6443
)

// Config configures a control plane. Loop and Rand are required; every
// other field has a default.
type Config struct {
	Loop *sim.Loop
	// Rand is the run's one seeded generator: names, UIDs and cluster IPs
	// come from it.
	Rand *sim.Rand
	// Trace receives every event; nil means a new log.
	Trace *trace.Log
	// UnreadChanges says no one will read what the writes recorded from
	// the start change in their objects (trace.Event.Change): until
	// Plane.SummarizeChanges, writes are traced without that summary,
	// which only its readers need. A scenario session releases its
	// cluster's boot from the trace unread.
	UnreadChanges bool
	// Store is the shared etcd; nil means a new one.
	Store *store.Store[*object.Object]
	// Registry is the kinds served; nil means object.NewBuiltinRegistry().
	Registry *object.Registry
	// Replicas is the number of API servers; default 1.
	Replicas int
	// ServiceCIDR is --service-cluster-ip-range; default
	// object.DefaultServiceCIDR.
	ServiceCIDR string
	// EndpointAddress is the endpoint's host:port in connection errors;
	// default DefaultEndpointAddress.
	EndpointAddress string

	// Authenticator turns tokens into users. Nil: no token is valid (401)
	// and requests without one are system:anonymous.
	Authenticator api.Authenticator
	// Authorizer decides requests. Nil: every request is allowed
	// (--authorization-mode=AlwaysAllow).
	Authorizer api.Authorizer
	// Admission is the admission chain; nil means none.
	Admission api.Admission
	// AdmissionTraced says the chain records its own ADMIT events (as
	// admission.Chain does); when false the API server records them.
	AdmissionTraced bool
	// NewPrioritizer builds each replica's API Priority and Fairness; nil
	// admits every request.
	NewPrioritizer func(replica trace.Actor) Prioritizer
	// NodeProxy carries logs, exec, attach and port-forward to kubelets;
	// nil means no kubelet answers (every node is unreachable).
	NodeProxy NodeProxy
	// Aggregator carries requests for the groups APIServices delegate to
	// aggregated API servers; nil serves none (such paths are 404).
	Aggregator Aggregator
	// AuditPolicy is --audit-policy-file: which requests are logged and
	// how fully; nil logs nothing (no audit backend).
	AuditPolicy *audit.Policy
	// Bootstrap objects are written at start, after the system namespaces
	// and the kubernetes Service, as kube-apiserver's post-start hooks
	// write the bootstrap RBAC policy.
	Bootstrap []*object.Object
	// SharedBootstrap objects are written before Bootstrap, and the stored
	// objects keep their content instead of a copy, so many planes can
	// share them read-only: they must be defaulted already (defaulting
	// writes nothing into them) and never modified.
	SharedBootstrap []*object.Object

	// WatchLatency is the delivery delay of watch events; default
	// watchcache.DefaultLatency.
	WatchLatency time.Duration
	// CompactionInterval is how often the store is compacted; default
	// store.DefaultCompactionInterval; negative disables compaction
	// (--etcd-compaction-interval=0).
	CompactionInterval time.Duration
}

func (c Config) withDefaults() (Config, error) {
	if c.Loop == nil || c.Rand == nil {
		return c, fmt.Errorf("apiserver: Config.Loop and Config.Rand are required")
	}
	if c.Trace == nil {
		c.Trace = trace.NewLog()
	}
	if c.Store == nil {
		c.Store = store.NewSized((*object.Object).Size)
	}
	if c.Registry == nil {
		c.Registry = object.NewBuiltinRegistry()
	}
	if c.Replicas <= 0 {
		c.Replicas = 1
	}
	if c.ServiceCIDR == "" {
		c.ServiceCIDR = object.DefaultServiceCIDR
	}
	if c.EndpointAddress == "" {
		c.EndpointAddress = DefaultEndpointAddress
	}
	if c.CompactionInterval == 0 {
		c.CompactionInterval = store.DefaultCompactionInterval
	}
	return c, nil
}

// ReplicaName is the actor name of replica i (from 0): "apiserver",
// "apiserver-2", "apiserver-3", ….
func ReplicaName(i int) trace.Actor {
	if i == 0 {
		return trace.APIServer
	}
	return trace.Actor(fmt.Sprintf("%s-%d", trace.APIServer, i+1))
}
