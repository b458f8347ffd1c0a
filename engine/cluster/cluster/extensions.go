package cluster

import (
	"fmt"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/cloudprovider"
	"github.com/loopbook/loopbook/engine/cluster/controller"
	"github.com/loopbook/loopbook/engine/cluster/controller/cronjob"
	"github.com/loopbook/loopbook/engine/cluster/controller/daemon"
	"github.com/loopbook/loopbook/engine/cluster/controller/disruption"
	"github.com/loopbook/loopbook/engine/cluster/controller/job"
	"github.com/loopbook/loopbook/engine/cluster/controller/persistentvolume"
	"github.com/loopbook/loopbook/engine/cluster/controller/podautoscaler"
	"github.com/loopbook/loopbook/engine/cluster/controller/pvcprotection"
	"github.com/loopbook/loopbook/engine/cluster/controller/pvprotection"
	"github.com/loopbook/loopbook/engine/cluster/controller/resourcequota"
	"github.com/loopbook/loopbook/engine/cluster/controller/statefulset"
	"github.com/loopbook/loopbook/engine/cluster/controller/ttlafterfinished"
	"github.com/loopbook/loopbook/engine/cluster/csi"
	"github.com/loopbook/loopbook/engine/cluster/gateway"
	"github.com/loopbook/loopbook/engine/cluster/ingress"
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/metricsserver"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/operator"
	"github.com/loopbook/loopbook/engine/cluster/podclient"
	"github.com/loopbook/loopbook/engine/cluster/webhookserver"
)

// Extension actors are opt-in: each is built only when the fixture's
// objects ask for it, so a fixture without them runs exactly as before.
//
//	webhook servers   a MutatingWebhookConfiguration or
//	                  ValidatingWebhookConfiguration among the objects: one
//	                  server per Service (actor "NAME.NAMESPACE.svc") or URL
//	                  host, answering as the configuration's
//	                  webhook.loopbook.dev/* annotations say.
//	metrics-server    the APIService v1beta1.metrics.k8s.io with a service:
//	and the HPA       the aggregated server (actor "metrics-server") behind
//	controller        it, and the horizontal-pod-autoscaler controller in
//	                  every controller-manager replica. Scenarios set CPU
//	                  usage with Cluster.Load.
//	bound tokens      a ServiceAccount annotated
//	                  podclient.loopbook.dev/project-token: "true": the
//	                  kubelets POST serviceaccounts/NAME/token for its Pods
//	                  and project the token; Cluster.PodClient is the
//	                  application in a Pod calling the API (ext_podclient.go).
//	statefulset-      a StatefulSet among the objects or the manifests,
//	controller        or the operator.
//	job-controller    a Job among the objects or the manifests, with the
//	and ttl-after-    ttl-after-finished-controller that deletes finished
//	finished-         Jobs (ext_jobs.go).
//	controller
//	cronjob-          a CronJob among the objects or the manifests, with
//	controller        the job-controller (ext_jobs.go).
//	daemonset-        a DaemonSet among the objects or the manifests
//	controller        (ext_daemonsets.go).
//	resourcequota-    a ResourceQuota among the objects or the manifests
//	controller        (ext_quotas.go).
//	disruption-       a PodDisruptionBudget among the objects or the
//	controller        manifests (ext_disruption.go).
//	database-operator the CRD of kind DatabaseCluster annotated
//	                  operator.loopbook.dev/enabled: "true" (ext_operator.go).
//	persistent-       a PersistentVolume, PersistentVolumeClaim or
//	volume-binder,    StorageClass among the objects or the manifests, or
//	pvc-protection-   a StatefulSet with volumeClaimTemplates: the PV
//	and pv-protection-controller and the two protection controllers in
//	controller        every controller-manager replica (ext_volumes.go).
//	csi-provisioner   a StorageClass annotated csi.loopbook.dev/driver:
//	                  "true": its provisioner's driver and the external
//	                  provisioner (ext_csi.go).
//	ingress-          an IngressClass whose spec.controller is
//	controller        k8s.io/ingress-nginx: the Ingress controller and its
//	                  proxy, actor "ingress-proxy" (ext_ingress.go).
type extensions struct {
	webhooks   *webhookserver.Set
	aggregator aggregatorGate
	metrics    *metricsserver.Server
	loads      []load
	tokens     kubelet.TokenSource
	pods       *podclient.Client

	statefulSets  bool
	jobs          bool
	cronJobs      bool
	daemonSets    bool
	quotas        bool
	disruption    bool
	volumes       bool
	operatorGroup string
	operator      *operator.Operator
	storage       *csi.Provider
	cloud         *cloudprovider.Provider
	gateways      *gateway.Proxies
	ingress       *ingress.Proxy
}

// buildEarlyExtensions builds the extension actors that must exist before
// the fixture's objects are written (later objects may need them): the
// servers behind the fixture's webhook configurations, put behind the
// webhook gate, and the aggregated API servers the fixture's APIServices
// name.
func (c *Cluster) buildEarlyExtensions() error {
	c.buildTokens()
	if err := c.buildEarlyOperator(); err != nil {
		return err
	}
	if err := c.buildEarlyJobs(); err != nil {
		return err
	}
	if err := c.buildEarlyDaemonSets(); err != nil {
		return err
	}
	if err := c.buildEarlyQuotas(); err != nil {
		return err
	}
	if err := c.buildEarlyDisruption(); err != nil {
		return err
	}
	if err := c.buildEarlyVolumes(); err != nil {
		return err
	}
	if err := c.buildEarlyCSI(); err != nil {
		return err
	}
	if err := c.buildEarlyCloud(); err != nil {
		return err
	}
	if err := c.buildEarlyGateway(); err != nil {
		return err
	}
	if err := c.buildEarlyIngress(); err != nil {
		return err
	}
	set, err := webhookserver.FromObjects(c.cfg.Objects)
	if err != nil {
		return fmt.Errorf("webhook servers: %w", err)
	}
	if set.Len() > 0 {
		c.webhooks.Next = set
		c.ext.webhooks = set
		for _, s := range set.Servers() {
			c.add(s)
		}
	}
	if svc := apiServiceFor(c.cfg.Objects, metricsserver.APIService); svc != nil {
		m := metricsserver.New(c.env.Loop, c.env.Log, metricsSource{c})
		c.ext.metrics = m
		c.ext.aggregator.servers = map[string]apiserver.Aggregator{
			svc.GetString(".spec.service.namespace") + "/" + svc.GetString(".spec.service.name"): m}
		c.add(m)
		if err := c.controllerServiceAccount(podautoscaler.Name); err != nil {
			return err
		}
	}
	return nil
}

// apiServiceFor is the fixture's APIService called name that delegates
// to a Service, or nil.
func apiServiceFor(objs []*object.Object, name string) *object.Object {
	for _, o := range objs {
		if o.Kind == "APIService" && o.Group() == "apiregistration.k8s.io" && o.Meta.Name == name && o.GetString(".spec.service.name") != "" {
			return o
		}
	}
	return nil
}

// controllerServiceAccount creates a controller's ServiceAccount in
// kube-system and issues its token, as bootstrap does for the built-in
// controllers.
func (c *Cluster) controllerServiceAccount(name string) error {
	sa := object.New("v1", "ServiceAccount")
	sa.Meta.Name, sa.Meta.Namespace = name, "kube-system"
	if err := c.adminCreate(c.env.Kind("", "ServiceAccount"), sa); err != nil {
		return fmt.Errorf("serviceaccount %s: %w", name, err)
	}
	c.saTokens[name] = c.authn.IssueServiceAccountToken("kube-system", name, "", "", "", tokenExpiry)
	return nil
}

// controllerRole creates a controller's ServiceAccount (see
// controllerServiceAccount), a ClusterRole role with rules, and the
// ClusterRoleBinding role that grants it, as installing the controller
// does.
func (c *Cluster) controllerRole(serviceAccount, role string, rules []any) error {
	if err := c.controllerServiceAccount(serviceAccount); err != nil {
		return err
	}
	return c.createAll(clusterRole(role, rules), clusterRoleBinding(role, role, serviceAccount))
}

// adminCreate creates o, built for this request alone (the API server may
// keep it), as the cluster admin. The object stored is not read back.
func (c *Cluster) adminCreate(k *object.KindInfo, o *object.Object) error {
	_, err := client.Shared(c.admin.DoCreateOwning(k, o, api.WriteOptions{}))
	return err
}

// createAll creates objs, built for it alone, in order as the cluster
// admin.
func (c *Cluster) createAll(objs ...*object.Object) error {
	for _, o := range objs {
		k, _ := c.env.Kinds.For(o)
		if err := c.adminCreate(k, o); err != nil {
			return fmt.Errorf("%s %s: %w", o.Kind, o.Meta.Name, err)
		}
	}
	return nil
}

// buildExtensions builds the extension actors that run beside the Nodes'.
func (c *Cluster) buildExtensions() error {
	c.buildOperator()
	c.buildCSI()
	c.buildCloud()
	c.buildGateway()
	c.buildIngress()
	return nil
}

// extensionControllers are the controllers the fixture adds to every
// controller-manager replica, after the built-in ones.
func (c *Cluster) extensionControllers() []func() controller.Controller {
	var out []func() controller.Controller
	if c.ext.statefulSets {
		out = append(out, func() controller.Controller { return statefulset.New() })
	}
	if c.ext.jobs {
		out = append(out, func() controller.Controller { return job.New() },
			func() controller.Controller { return ttlafterfinished.New() })
	}
	if c.ext.cronJobs {
		out = append(out, func() controller.Controller { return cronjob.New() })
	}
	if c.ext.daemonSets {
		out = append(out, func() controller.Controller { return daemon.New() })
	}
	if c.ext.quotas {
		out = append(out, func() controller.Controller { return resourcequota.New() })
	}
	if c.ext.disruption {
		out = append(out, func() controller.Controller { return disruption.New() })
	}
	if c.ext.volumes {
		out = append(out, func() controller.Controller { return persistentvolume.New() },
			func() controller.Controller { return pvcprotection.New() },
			func() controller.Controller { return pvprotection.New() })
	}
	if c.ext.metrics != nil {
		out = append(out, func() controller.Controller { return podautoscaler.New() })
	}
	return out
}

// WebhookServers are the webhook servers the fixture turned on; nil when
// it holds no webhook configuration.
func (c *Cluster) WebhookServers() *webhookserver.Set { return c.ext.webhooks }

// MetricsServer is the metrics-server the fixture turned on, or nil.
func (c *Cluster) MetricsServer() *metricsserver.Server { return c.ext.metrics }
