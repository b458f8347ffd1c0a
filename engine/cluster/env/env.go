package env

import (
	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Env is the shared environment of one engine run. Two runs never share an
// Env, and nothing in it is global.
type Env struct {
	Loop     *sim.Loop
	Log      *trace.Log
	Rand     *sim.Rand
	Kinds    *object.Registry
	Endpoint api.Endpoint
	Timings  Timings
}

// Client returns a new client for an actor presenting token to the
// endpoint.
func (e *Env) Client(actor trace.Actor, token string) *client.Client {
	return client.New(actor, token, e.Endpoint, e.Loop, e.Rand)
}

// Kind returns the registered kind of a group and kind, or panics: actors
// name only built-in kinds, so a miss is a programming error.
func (e *Env) Kind(group, kind string) *object.KindInfo {
	k, ok := e.Kinds.ByGroupKind(group, kind)
	if !ok {
		panic("env: unregistered kind " + kind + "." + group)
	}
	return k
}

// Actor is one component of the model that can be started, killed and
// restarted by faults. Start begins its work (informers, timers); Stop ends
// it at once, as a killed process would: its timers stop, its watches end,
// its in-memory state is lost.
type Actor interface {
	Name() trace.Actor
	Start()
	Stop()
	Running() bool
}
