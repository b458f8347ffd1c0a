package fault

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/cluster"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// The noisy client of `overload api`: OverloadBurst requests at one
// instant, every OverloadPeriod. Illustrative: one flow of the
// global-default level gets hand-size 6 of its queues, each holding at
// most 50 requests (the bootstrap configuration's queuing,
// k8s.io/apiserver/pkg/apis/flowcontrol/bootstrap/default.go), so a burst
// of a thousand fills its seats and queues and most of it is refused with
// 429, as a runaway CI job's would be.
const (
	OverloadBurst  = 1000
	OverloadPeriod = 5 * time.Second
)

// noisy is one running overload loop.
type noisy struct {
	client *client.Client
	timer  *sim.Timer
	loop   *sim.Loop
}

// Fire sends one burst of GET /version and schedules the next.
func (n *noisy) Fire() {
	for range OverloadBurst {
		_, _ = n.client.Raw("/version")
	}
	n.timer.Reset(n.loop.Now().Add(OverloadPeriod))
}

// startOverload starts the noisy client of CLIENT (a fixture user) or of
// cluster.NoisyUser.
func startOverload(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	user := f.Target
	if user == "" {
		user = cluster.NoisyUser
	}
	cl := c.Client(user)
	if cl == nil {
		return "", fmt.Errorf("no user %q", user)
	}
	if v, ok := c.Recall(key(f)); ok {
		c.Remember(key(f), v)
		return "", fmt.Errorf("already applied")
	}
	n := &noisy{client: cl, loop: c.Env().Loop}
	n.timer = n.loop.NewTimer(n)
	n.timer.Reset(n.loop.Now())
	c.Remember(key(f), n)
	return trace.Actor(user), nil
}

// stopOverload stops the noisy client.
func stopOverload(c *cluster.Cluster, f Fault) (trace.Actor, error) {
	v, ok := c.Recall(key(f))
	if !ok {
		return "", fmt.Errorf("not applied")
	}
	n := v.(*noisy)
	n.timer.Stop()
	return n.client.Actor, nil
}
