package cluster

import (
	"fmt"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/auth"
	"github.com/loopbook/loopbook/engine/cluster/controller/daemon"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle"
	"github.com/loopbook/loopbook/engine/cluster/controller/nodelifecycle/tainteviction"
	"github.com/loopbook/loopbook/engine/cluster/controller/serviceaccount"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// KubeProxyServiceAccount is the ServiceAccount in kube-system kube-proxy
// runs as (kubeadm's addon).
const KubeProxyServiceAccount = "kube-proxy"

// tokenExpiry is how long the bootstrap ServiceAccount tokens last: longer
// than any run, as the long-lived tokens kubeadm's components use.
const tokenExpiry = 100 * 365 * 24 * time.Hour

// serviceAccounts are the kube-system ServiceAccounts of the controllers
// and of kube-proxy, in creation order.
var serviceAccounts = [...]string{
	auth.ControllerDeployment, auth.ControllerReplicaSet, auth.ControllerEndpointSlice,
	auth.ControllerNode, auth.ControllerGarbageCollector, auth.ControllerNamespace,
	auth.ControllerServiceAccounts, serviceaccount.RootCAPublisherName, KubeProxyServiceAccount,
}

// controllerServiceAccount maps a controller's name to its ServiceAccount:
// the node lifecycle and taint eviction controllers share node-controller,
// and the DaemonSet controller is daemon-set-controller.
func controllerServiceAccount(controller string) string {
	switch controller {
	case nodelifecycle.Name, tainteviction.Name:
		return nodelifecycle.ServiceAccount
	case daemon.Name:
		return daemon.ServiceAccount
	}
	return controller
}

// bootstrap writes, as the admin, what kubeadm writes after the API server
// is up: the components' ServiceAccounts, the root CA publisher's role
// (the model's bootstrap policy lacks it) and kube-proxy's binding
// kubeadm:node-proxier. Then it issues the ServiceAccounts' tokens.
func (c *Cluster) bootstrap() error {
	for _, name := range serviceAccounts {
		sa := object.New("v1", "ServiceAccount")
		sa.Meta.Name, sa.Meta.Namespace = name, "kube-system"
		if err := c.adminCreate(c.env.Kind("", "ServiceAccount"), sa); err != nil {
			return fmt.Errorf("serviceaccount %s: %w", name, err)
		}
	}
	rootCA := auth.ControllerRolePrefix + serviceaccount.RootCAPublisherName
	if err := c.createAll(
		clusterRole(rootCA, []any{
			rule([]string{""}, []string{"configmaps"}, "create", "update"),
			eventsRule(),
		}),
		clusterRoleBinding(rootCA, rootCA, serviceaccount.RootCAPublisherName),
		clusterRoleBinding("kubeadm:node-proxier", "system:node-proxier", KubeProxyServiceAccount),
	); err != nil {
		return err
	}
	for _, name := range serviceAccounts {
		c.saTokens[name] = c.authn.IssueServiceAccountToken("kube-system", name, "", "", "", tokenExpiry)
	}
	return nil
}

// createObjects creates the fixture's objects in order, as the admin.
func (c *Cluster) createObjects() error {
	for i, o := range c.cfg.Objects {
		k, ok := c.env.Kinds.For(o)
		if !ok {
			return fmt.Errorf("object %d: unknown kind %s %s", i+1, o.APIVersion, o.Kind)
		}
		if err := c.adminCreate(k, o.DeepCopy()); err != nil {
			return fmt.Errorf("object %d (%s %s): %w", i+1, o.Kind, o.Key(), err)
		}
	}
	return nil
}

// eventsRule lets a controller record Events in either API group
// (bootstrappolicy's eventsRule).
func eventsRule() map[string]any {
	return rule([]string{"", "events.k8s.io"}, []string{"events"}, "create", "patch", "update")
}

// rule is one RBAC policy rule as stored.
func rule(groups, resources []string, verbs ...string) map[string]any {
	return map[string]any{"apiGroups": strs(groups), "resources": strs(resources), "verbs": strs(verbs)}
}

func strs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func clusterRole(name string, rules []any) *object.Object {
	o := object.New("rbac.authorization.k8s.io/v1", "ClusterRole")
	o.Meta.Name = name
	o.Content["rules"] = rules
	return o
}

// clusterRoleBinding binds a ClusterRole to a kube-system ServiceAccount.
func clusterRoleBinding(name, role, serviceAccount string) *object.Object {
	o := object.New("rbac.authorization.k8s.io/v1", "ClusterRoleBinding")
	o.Meta.Name = name
	o.Content["roleRef"] = map[string]any{"apiGroup": auth.RBACGroup, "kind": "ClusterRole", "name": role}
	o.Content["subjects"] = []any{map[string]any{"kind": "ServiceAccount", "name": serviceAccount, "namespace": "kube-system"}}
	return o
}
