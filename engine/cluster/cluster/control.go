package cluster

import (
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/deployment"
	"github.com/loopbook/loopbook/engine/cluster/controller/endpointslice"
	"github.com/loopbook/loopbook/engine/cluster/controller/garbagecollector"
	"github.com/loopbook/loopbook/engine/cluster/controller/namespace"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/tainteviction"
	"github.com/loopbook/loopbook/engine/cluster/controller/replicaset"
	"github.com/loopbook/loopbook/engine/cluster/controller/serviceaccount"
	"github.com/loopbook/loopbook/engine/cluster/controllermanager"
	"github.com/loopbook/loopbook/engine/cluster/scheduler"
)

// controllers are the controllers every controller-manager replica hosts,
// in start order (kube-controller-manager's NewControllerDescriptors order
// for the ones modelled).
func controllers() []func() controller.Controller {
	return []func() controller.Controller{
		func() controller.Controller { return serviceaccount.NewServiceAccounts() },
		func() controller.Controller { return serviceaccount.NewRootCAPublisher(serviceaccount.DefaultRootCA) },
		func() controller.Controller { return endpointslice.New(endpointslice.Config{}) },
		func() controller.Controller { return replicaset.New(replicaset.Config{}) },
		func() controller.Controller { return garbagecollector.New() },
		func() controller.Controller { return deployment.New(deployment.Config{}) },
		func() controller.Controller { return namespace.New() },
		func() controller.Controller { return nodelifecycle.New(nodelifecycle.Config{}) },
		func() controller.Controller { return tainteviction.New() },
	}
}

// buildControlPlane builds the controller-manager and scheduler replicas.
func (c *Cluster) buildControlPlane() {
	for i := range c.cfg.ControllerManagers {
		m := controllermanager.New(c.env, controllermanager.Config{
			Name:  controllermanager.ReplicaName(i),
			Token: "token-" + auth.UserKubeControllerManager,
			ServiceAccountToken: func(name string) string {
				return c.saTokens[controllerServiceAccount(name)]
			},
			Controllers: append(controllers(), c.extensionControllers()...),
		})
		c.managers = append(c.managers, m)
		c.add(m)
	}
	for i := range c.cfg.Schedulers {
		name := schedulerName(i)
		s := scheduler.New(scheduler.Config{Env: c.env, Name: name, Token: "token-" + auth.UserKubeScheduler})
		c.schedulers = append(c.schedulers, s)
		c.add(s)
	}
}
