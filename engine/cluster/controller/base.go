package controller

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/client/record"
	"github.com/loopbook/loopbook/engine/cluster/client/workqueue"
)

// Base is what a controller starts with and stops: its client and Event
// recorder, its handlers on the manager's informers, its work queue and
// the workers that drain it. Controllers embed it; its Stop is theirs.
type Base struct {
	Client   *client.Client
	Recorder *record.Recorder // nil for a controller that records no Events
	Handlers cache.Handlers
	Queue    *workqueue.Queue
	Workers  workqueue.Workers
}

// Stop ends the controller at once: its handlers removed, its workers
// stopped, its queue shut down, its pending Events and retries dropped. A
// controller never started is left alone.
func (b *Base) Stop() {
	if b.Queue == nil {
		return
	}
	b.Handlers.RemoveAll()
	b.Workers.Stop()
	b.Queue.ShutDown()
	if b.Recorder != nil {
		b.Recorder.Stop()
	}
	b.Client.Stop()
}

// Begin is how every Start begins: the client of the controller's
// ServiceAccount (ClientFor name), an Event recorder with name as its
// source when events is set, and an empty work queue.
func (b *Base) Begin(ctx *Context, name string, events bool) {
	b.Client = ctx.ClientFor(name)
	if events {
		b.Recorder = record.New(b.Client, ctx.Env.Kinds, name, "")
	}
	b.Queue = workqueue.New(ctx.Env.Loop, nil)
}
