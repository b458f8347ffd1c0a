// Package controller holds the contract between kube-controller-manager and
// the controllers it runs. Each controller lives in its own subpackage and
// reconciles by key from a work queue, reading through the manager's shared
// informers and writing through a client of its own identity.
package controller

import (
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Context is what the controller manager starts a controller with.
type Context struct {
	Env *env.Env
	// Informers are shared by every controller of one manager replica;
	// they read as the manager's own identity.
	Informers *cache.Factory
	// ClientFor returns the client a controller writes with. kube-controller-manager
	// runs with --use-service-account-credentials (as kubeadm sets it), so each
	// controller has its own ServiceAccount in kube-system; the client's trace
	// actor is the controller's name.
	ClientFor func(controller string) *client.Client
	// Manager is the replica running the controller.
	Manager trace.Actor
}

// Controller is one control loop. Start begins watching and reconciling;
// Stop ends it when the manager loses its lease or is killed. Name is the
// controller's trace actor: "deployment-controller", "replicaset-controller", …
type Controller interface {
	Name() string
	Start(ctx *Context)
	Stop()
}
