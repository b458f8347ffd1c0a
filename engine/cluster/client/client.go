package client

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultMaxRetries is how many times client-go's REST client resends a
// request answered with Retry-After (k8s.io/client-go/rest/request.go,
// NewRequest: maxRetries: 10).
const DefaultMaxRetries = 10

// Client is one actor's connection to the API server. The fields are set
// once, before use; a Client is used from the loop's goroutine only.
type Client struct {
	// Actor names the caller in the trace ("alice", "kube-controller-manager",
	// "kubelet/worker-a"). Several controllers of one process share it.
	Actor trace.Actor
	// Token is the bearer credential; "" is anonymous.
	Token string
	// Endpoint is the API server, or the load balancer in front of them.
	Endpoint api.Endpoint
	// Loop schedules retries and backoffs.
	Loop *sim.Loop
	// Rand jitters backoffs and watch timeouts. With nil there is no
	// jitter: every delay is its lower bound.
	Rand *sim.Rand
	// MaxRetries caps DoRetry's resends; New sets DefaultMaxRetries, and
	// 0 disables retries (client-go's Request.MaxRetries(0)).
	MaxRetries int

	pending []*Call
	// spare is the request Send sends in; nil while one is in flight.
	spare *api.Request
}

// New returns a client for actor presenting token to ep, retrying up to
// DefaultMaxRetries times.
func New(actor trace.Actor, token string, ep api.Endpoint, loop *sim.Loop, r *sim.Rand) *Client {
	return &Client{Actor: actor, Token: token, Endpoint: ep, Loop: loop, Rand: r, MaxRetries: DefaultMaxRetries}
}

// Do sends req once, as this client, and returns the answer. It sets
// req.From and req.Token. h receives the events of a watch and is ignored
// otherwise.
func (c *Client) Do(req *api.Request, h api.WatchHandler) *api.Response {
	req.From, req.Token = c.Actor, c.Token
	return c.Endpoint.Do(req, h)
}

// Float64 returns a number in [0, 1) from the client's Rand, or 0 without
// one.
func (c *Client) Float64() float64 {
	if c.Rand == nil {
		return 0
	}
	return c.Rand.Float64()
}

// Jitter returns a duration in [d, d+maxFactor·d), as client-go's
// wait.Jitter (k8s.io/apimachinery/pkg/util/wait/backoff.go); d itself
// without a Rand.
func (c *Client) Jitter(d time.Duration, maxFactor float64) time.Duration {
	if c.Rand == nil {
		return d
	}
	return c.Rand.Jitter(d, maxFactor)
}

// Stop cancels every retry the client has scheduled: their done callbacks
// never run. Use it when the actor stops (a killed process makes no more
// requests).
func (c *Client) Stop() {
	for _, call := range c.pending {
		call.timer.Stop()
		call.index = -1
	}
	c.pending = c.pending[:0]
}
