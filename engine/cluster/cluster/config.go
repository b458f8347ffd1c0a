package cluster

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/audit"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultQuietPeriod is how long a cluster must be quiet to count as
// settled (see Cluster.Settle). A run converges in steps a few seconds
// apart at most — informers deliver at once, kube-proxy syncs within a
// second, the scheduler's backoff is at most 10 s, kubelets compute
// status every 10 s — and then only heartbeats follow. What takes longer
// with nothing to show meanwhile (a slow pull, a probe's initial delay, a
// run of probe failures) keeps a kubelet busy, and Settle waits for it. A
// controller's longer delay (minReadySeconds, ttlSecondsAfterFinished) is
// not waited for: a run that needs it runs until it.
const DefaultQuietPeriod = 15 * time.Second

// Config is a cluster fixture in Go form. The zero Config is one API
// server, one controller manager, one scheduler and no Nodes.
type Config struct {
	// Seed seeds the run's only generator; equal seeds give equal traces.
	Seed int64
	// APIServers, ControllerManagers and Schedulers are replica counts;
	// default 1 each.
	APIServers, ControllerManagers, Schedulers int
	// Nodes are the worker machines, each with a kubelet, a runtime and a
	// kube-proxy.
	Nodes []Node
	// Images describe how containers of an image behave, by image name;
	// others behave as runtime.DefaultImage.
	Images map[string]runtime.Image
	// Users are the fixture's token users.
	Users []User
	// Objects are created in order, as the cluster admin, before any actor
	// starts.
	Objects []*object.Object
	// Manifests are objects the run will write, not created with the
	// cluster: like Objects, their kinds turn on the opt-in controllers
	// that run them (a Job, the Job controller; see extensions.go).
	Manifests []*object.Object
	// Timings overrides env.Default() when not nil.
	Timings *env.Timings
	// QuietPeriod is Settle's quiet window; default DefaultQuietPeriod.
	QuietPeriod time.Duration
	// AuditPolicy is the API servers' audit policy; nil logs nothing.
	AuditPolicy *audit.Policy
	// UnreadBoot says the events recorded before SummarizeChanges will
	// be released from the log unread, as a scenario session releases
	// its cluster's boot: their writes are traced without the summary of
	// what they change in their objects, which only a reader needs (see
	// apiserver.Config.UnreadChanges).
	UnreadBoot bool
	// Log, when not nil, is the log the run records into, emptied first
	// (trace.Log.Reset): a runner that throws a run's trace away once it
	// has read it can hand the same memory to its next run. Nil records
	// into a new log.
	Log *trace.Log
}

// Node is one worker machine of the fixture.
type Node struct {
	Name string
	// Capacity is the machine's capacity ({cpu: "4", memory: 8Gi, pods:
	// 110}); missing entries take the kubelet's defaults.
	Capacity map[string]string
	// Labels are added to the kubelet's own (--node-labels).
	Labels map[string]string
	// Taints are on the Node from its registration.
	Taints []object.Taint
}

// User is a fixture identity that authenticates with a token.
type User struct {
	Name   string
	Groups []string
	// Token is the bearer token; default "token-" + Name.
	Token string
}

// token returns the user's bearer token.
func (u User) token() string {
	if u.Token != "" {
		return u.Token
	}
	return "token-" + u.Name
}

// withDefaults returns cfg with its defaults filled in.
func (cfg Config) withDefaults() Config {
	for _, n := range []*int{&cfg.APIServers, &cfg.ControllerManagers, &cfg.Schedulers} {
		if *n <= 0 {
			*n = 1
		}
	}
	if cfg.QuietPeriod <= 0 {
		cfg.QuietPeriod = DefaultQuietPeriod
	}
	return cfg
}

// timings returns the run's timings.
func (cfg Config) timings() env.Timings {
	if cfg.Timings != nil {
		return *cfg.Timings
	}
	return env.Default()
}
