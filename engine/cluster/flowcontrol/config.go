package flowcontrol

import (
	"sync"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// Server defaults (k8s.io/apiserver/pkg/server/config.go, NewConfig).
const (
	// DefaultMaxRequestsInFlight is --max-requests-inflight.
	DefaultMaxRequestsInFlight = 400
	// DefaultMaxMutatingRequestsInFlight is --max-mutating-requests-inflight.
	DefaultMaxMutatingRequestsInFlight = 200
	// DefaultRequestTimeout is --request-timeout.
	DefaultRequestTimeout = 60 * time.Second
)

// maxQueueWait is the hard cap on any request's wait in a queue
// (k8s.io/apiserver/pkg/server/filters/priority-and-fairness.go,
// getRequestWaitContext).
const maxQueueWait = time.Minute

// Config configures a [Controller]. The zero Config is a kube-apiserver
// with default flags and the bootstrap configuration.
type Config struct {
	// MaxRequestsInFlight and MaxMutatingRequestsInFlight add up to the
	// server's concurrency limit, which API Priority and Fairness divides
	// among the priority levels (k8s.io/apiserver/pkg/server/options/
	// recommended.go passes their sum). Default: 400 and 200, so 600.
	MaxRequestsInFlight         int
	MaxMutatingRequestsInFlight int
	// RequestTimeout is the deadline of a request. A request may wait in
	// its queue for a quarter of it, and never more than a minute
	// (server/config.go passes c.RequestTimeout/4 to
	// WithPriorityAndFairness). Default: 60 s, so the queue-wait limit
	// is 15 s.
	RequestTimeout time.Duration
	// PriorityLevels and FlowSchemas default to [BootstrapPriorityLevels]
	// and [BootstrapFlowSchemas]. As in Kubernetes, a missing exempt or
	// catch-all level or schema is supplied from the bootstrap set.
	PriorityLevels []PriorityLevel
	FlowSchemas    []FlowSchema
	// ObjectCount, if set, returns how many objects of a resource are
	// stored, for the seats of a list (the API server's object count
	// tracker). Without it, or when it answers false, a list takes one
	// seat.
	ObjectCount func(gr api.GroupResource) (count int64, ok bool)
	// WatchCount, if set, returns how many watches are interested in a
	// write, for the seats the write's watch events take. Without it a
	// write takes one seat.
	WatchCount func(info api.RequestInfo) int
}

// ServerConcurrencyLimit is the server's total concurrency limit:
// MaxRequestsInFlight + MaxMutatingRequestsInFlight, with the defaults
// filled in.
func (c Config) ServerConcurrencyLimit() int {
	c = c.withDefaults()
	return c.MaxRequestsInFlight + c.MaxMutatingRequestsInFlight
}

// QueueWaitLimit is how long a request may wait in a queue before it is
// rejected: RequestTimeout/4, at most a minute.
func (c Config) QueueWaitLimit() time.Duration {
	c = c.withDefaults()
	return min(c.RequestTimeout/4, maxQueueWait)
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	if c.MaxRequestsInFlight == 0 && c.MaxMutatingRequestsInFlight == 0 {
		c.MaxRequestsInFlight = DefaultMaxRequestsInFlight
		c.MaxMutatingRequestsInFlight = DefaultMaxMutatingRequestsInFlight
	}
	if c.RequestTimeout == 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.PriorityLevels == nil {
		c.PriorityLevels = sharedBootstrapLevels()
	}
	if c.FlowSchemas == nil {
		c.FlowSchemas = sharedBootstrapSchemas()
	}
	return c
}

// sharedBootstrapLevels and sharedBootstrapSchemas are the bootstrap
// configuration built once per process: every API server of every run
// starts from it, and a Controller only reads its configuration (New
// copies the levels, and the schemas' rules are matched, never changed),
// so the defaults share one copy read-only. The exported functions still
// return fresh ones.
var (
	sharedBootstrapLevels  = sync.OnceValue(BootstrapPriorityLevels)
	sharedBootstrapSchemas = sync.OnceValue(BootstrapFlowSchemas)
)
