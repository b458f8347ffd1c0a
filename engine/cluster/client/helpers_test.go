package client_test

import (
	"testing"

	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/internal/fakeapi"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// env is a loop, a fake API server and a client talking to it.
type env struct {
	loop *sim.Loop
	srv  *fakeapi.Server
	c    *client.Client
}

func newEnv(t testing.TB) *env {
	t.Helper()
	loop := sim.NewLoop()
	srv := fakeapi.New(loop)
	return &env{loop: loop, srv: srv, c: client.New("alice", "alice-token", srv, loop, nil)}
}

func (e *env) kind(t testing.TB, group, version, resource string) *object.KindInfo {
	t.Helper()
	k, ok := e.srv.Registry.ByGVR(group, version, resource)
	if !ok {
		t.Fatalf("no kind %s/%s %s", group, version, resource)
	}
	return k
}

func pod(ns, name string) *object.Object {
	o := object.New("v1", "Pod")
	o.Meta.Namespace, o.Meta.Name = ns, name
	o.Content["spec"] = map[string]any{"containers": []any{map[string]any{"name": "app", "image": "web:v1"}}}
	return o
}
