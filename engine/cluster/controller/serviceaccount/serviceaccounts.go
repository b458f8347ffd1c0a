package serviceaccount

import (
	"time"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ServiceAccountsName is the controller's ServiceAccount and trace actor
// (core.go: NewClient("service-account-controller")).
const ServiceAccountsName = auth.ControllerServiceAccounts

// DefaultServiceAccount is the account ensured in every namespace
// (DefaultServiceAccountsControllerOptions).
const DefaultServiceAccount = "default"

// ServiceAccounts is the ServiceAccounts controller. Start after Stop
// begins afresh.
type ServiceAccounts struct {
	// Accounts are the ServiceAccounts ensured in each namespace; New
	// sets ["default"].
	Accounts []string

	w      worker
	saInf  *cache.SharedInformer
	saList cache.Lister
	nsList cache.Lister
	saKind *object.KindInfo
}

// NewServiceAccounts returns a stopped controller ensuring "default".
func NewServiceAccounts() *ServiceAccounts {
	return &ServiceAccounts{Accounts: []string{DefaultServiceAccount}}
}

// Name returns "service-account-controller".
func (c *ServiceAccounts) Name() string { return ServiceAccountsName }

// Start registers the handlers (a deleted ServiceAccount, an added or
// updated Namespace queue the namespace) and runs one worker once both
// informers have synced.
func (c *ServiceAccounts) Start(ctx *controller.Context) {
	e := ctx.Env
	c.saKind = e.Kind("", "ServiceAccount")
	c.saInf = ctx.Informers.Informer(c.saKind)
	nsInf := ctx.Informers.Informer(e.Kind("", "Namespace"))
	c.saList, c.nsList = c.saInf.Lister(), nsInf.Lister()
	c.w.start(ctx, ServiceAccountsName, c.sync)
	// The default options set no resync (ServiceAccountResync and
	// NamespaceResync are 0).
	var never time.Duration
	c.w.handle(c.saInf, handler{wait: true, resync: &never, h: cache.ResourceEventHandlerFuncs{DeleteFunc: func(obj any) {
		if sa, ok := cache.ObjectOf(obj); ok {
			c.w.queue.Add(sa.Meta.Namespace)
		}
	}}})
	c.w.handle(nsInf, handler{wait: true, resync: &never, h: cache.ResourceEventHandlerFuncs{
		AddFunc:    func(ns *object.Object) { c.w.queue.Add(ns.Meta.Name) },
		UpdateFunc: func(_, ns *object.Object) { c.w.queue.Add(ns.Meta.Name) },
	}})
	c.w.waitForCacheSync()
}

// Stop ends the controller at once.
func (c *ServiceAccounts) Stop() { c.w.stop() }

// sync is syncNamespace: in an Active namespace, create each missing
// account.
func (c *ServiceAccounts) sync(name string) error {
	ns, ok := c.nsList.Get("", name)
	if !ok || ns.GetString(".status.phase") != "Active" {
		return nil
	}
	var failures []error
	for _, sa := range c.Accounts {
		if _, ok := c.saList.Get(name, sa); ok {
			continue
		}
		o := object.New(c.saKind.APIVersion(), c.saKind.Kind)
		o.Meta.Name, o.Meta.Namespace = sa, name
		err := c.w.client.DoCreateOwning(c.saKind, o, api.WriteOptions{}).Err() // o is new
		if err != nil && !api.IsReason(err, api.ReasonAlreadyExists) && !controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
			failures = append(failures, err)
		}
	}
	return api.NewAggregate(failures)
}

var _ controller.Controller = (*ServiceAccounts)(nil)
