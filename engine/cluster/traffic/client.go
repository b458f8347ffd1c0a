package traffic

import (
	"github.com/loopbook/loopbook/engine/cluster/network"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// DefaultClient is the actor of a client outside the cluster when a
// request names none.
const DefaultClient trace.Actor = "client"

// Config is what a traffic client needs: the data plane, the clock and
// trace, and the run's randomness. It has no API endpoint, by design.
type Config struct {
	Loop *sim.Loop
	Log  *trace.Log
	// Rand draws the iptables statistic matches.
	Rand *sim.Rand
	Net  *network.Network
	// Nodes are where a load balancer in front of the cluster can send
	// outside clients, in its round-robin order.
	Nodes []string
}

// Client sends data-plane requests. It is used from the loop's goroutine.
type Client struct {
	cfg  Config
	next int // the load balancer's round-robin position
}

// New returns a client for cfg.
func New(cfg Config) *Client { return &Client{cfg: cfg} }

// Request is a batch of identical requests to one Service.
type Request struct {
	// From is the sender's actor; default DefaultClient, or the Pod's
	// actor when FromIP is set.
	From trace.Actor
	// FromIP is the IP of a Pod sending from inside the cluster; its
	// requests leave through its own node.
	FromIP string
	// Via is the node an outside client enters through; "" lets the load
	// balancer choose among Config.Nodes.
	Via string
	// Service is "namespace/name".
	Service string
	// Port is the Service port; 0 means the Service's first rule.
	Port int32
	// Path is the HTTP path; default "/".
	Path string
	// Count is how many requests to send; default 1.
	Count int
}

// Result is what one request got.
type Result struct {
	// Via is the node the request entered through ("" when none could
	// take it).
	Via string
	// Address is the Service address ("10.96.0.50:80") of the rule that
	// matched; "" when the node had none.
	Address string
	// Backend is the Pod chosen; zero when the request got none.
	Backend network.BackendAddr
	Answer  network.Answer
}

// Served reports whether a backend answered with an HTTP status below 500.
func (r Result) Served() bool { return r.Answer.Code > 0 && r.Answer.Code < 500 }
