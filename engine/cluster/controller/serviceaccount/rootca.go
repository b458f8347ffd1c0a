package serviceaccount

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/client/cache"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// The publisher's names and the ConfigMap it keeps
// (pkg/controller/certificates/rootcacertpublisher/publisher.go;
// cmd/kube-controller-manager/app/certificates.go:
// NewClient("root-ca-cert-publisher")).
const (
	RootCAPublisherName     = "root-ca-cert-publisher"
	RootCACertConfigMapName = "kube-root-ca.crt"
	DescriptionAnnotation   = "kubernetes.io/description"
	Description             = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. " +
		"No other usage is guaranteed across distributions of Kubernetes clusters."
)

// DefaultRootCA stands for the cluster CA bundle (the contents of
// --root-ca-file): the model issues no certificates, so it is a fixed,
// illustrative PEM block.
const DefaultRootCA = "-----BEGIN CERTIFICATE-----\nbG9vcGJvb2sgbW9kZWwgY2x1c3RlciBDQQ==\n-----END CERTIFICATE-----\n"

// RootCAPublisher is the root CA certificate publisher. Start after Stop
// begins afresh.
type RootCAPublisher struct {
	// RootCA is the bundle published as data["ca.crt"].
	RootCA string

	w      worker
	cmKind *object.KindInfo
	cmList cache.Lister
}

// NewRootCAPublisher returns a stopped publisher of rootCA, or of
// DefaultRootCA when it is "".
func NewRootCAPublisher(rootCA string) *RootCAPublisher {
	if rootCA == "" {
		rootCA = DefaultRootCA
	}
	return &RootCAPublisher{RootCA: rootCA}
}

// Name returns "root-ca-cert-publisher".
func (c *RootCAPublisher) Name() string { return RootCAPublisherName }

// Start registers the handlers (the ConfigMap changed or deleted, a
// Namespace added, or updated while Active, queue the namespace) and runs
// one worker once the ConfigMap informer has synced (the publisher waits
// for that one only).
func (c *RootCAPublisher) Start(ctx *controller.Context) {
	e := ctx.Env
	c.cmKind = e.Kind("", "ConfigMap")
	cmInf := ctx.Informers.Informer(c.cmKind)
	nsInf := ctx.Informers.Informer(e.Kind("", "Namespace"))
	c.cmList = cmInf.Lister()
	c.w.start(ctx, RootCAPublisherName, c.sync)
	queueCM := func(cm *object.Object) {
		if cm.Meta.Name == RootCACertConfigMapName {
			c.w.queue.Add(cm.Meta.Namespace)
		}
	}
	c.w.handle(cmInf, handler{wait: true, h: cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, cm *object.Object) { queueCM(cm) },
		DeleteFunc: func(obj any) {
			if cm, ok := cache.ObjectOf(obj); ok {
				queueCM(cm)
			}
		},
	}})
	c.w.handle(nsInf, handler{h: cache.ResourceEventHandlerFuncs{
		AddFunc: func(ns *object.Object) { c.w.queue.Add(ns.Meta.Name) },
		UpdateFunc: func(_, ns *object.Object) {
			if ns.GetString(".status.phase") == "Active" {
				c.w.queue.Add(ns.Meta.Name)
			}
		},
	}})
	c.w.waitForCacheSync()
}

// Stop ends the publisher at once.
func (c *RootCAPublisher) Stop() { c.w.stop() }

// sync is syncNamespace: create the ConfigMap, or put back its data and
// description. A create refused because the namespace is gone or
// terminating is not retried.
func (c *RootCAPublisher) sync(ns string) error {
	data := map[string]any{"ca.crt": c.RootCA}
	cm, ok := c.cmList.Get(ns, RootCACertConfigMapName)
	if !ok {
		o := object.New(c.cmKind.APIVersion(), c.cmKind.Kind)
		o.Meta.Name, o.Meta.Namespace = RootCACertConfigMapName, ns
		o.Meta.Annotations = map[string]string{DescriptionAnnotation: Description}
		o.Content["data"] = data
		// o, data included, is new and used no more: the create hands it over.
		err := c.w.client.DoCreateOwning(c.cmKind, o, api.WriteOptions{}).Err()
		if api.IsReason(err, api.ReasonNotFound) || controller.HasStatusCause(err, controller.NamespaceTerminatingCause) {
			return nil
		}
		return err
	}
	cur, _ := cm.Content["data"].(map[string]any)
	if maps.EqualFunc(cur, data, object.EqualValues) && cm.Meta.Annotations[DescriptionAnnotation] != "" {
		return nil
	}
	cm = cm.DeepCopy()
	cm.Content["data"] = data
	cm.Meta.SetAnnotation(DescriptionAnnotation, Description)
	// cm is a copy, data is new, and neither is used again: handed over.
	return c.w.client.Do(client.UpdateRequestOwning(c.cmKind, cm, api.WriteOptions{}), nil).Err()
}

var _ controller.Controller = (*RootCAPublisher)(nil)
