package kubectl

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// get prints `kubectl get`.
func (e Env) get(c *command) (string, error) {
	r, err := e.lookup(c)
	if err != nil {
		return "", err
	}
	objs, missing := e.fetch(r, c)
	var out string
	switch {
	case c.output == "yaml":
		if len(objs) > 0 || len(missing) == 0 {
			out = YAML(objs, len(c.names) == 1)
		}
	case len(objs) == 0 && len(missing) == 0:
		return noResources(r, c), nil
	default:
		out = buildTable(r, objs, e.Now, c.all).render(c.output == "wide")
	}
	return out + strings.Join(missing, ""), nil
}

// lookup finds the command's resource: one of the tables here, else a
// kind Kinds resolves.
func (e Env) lookup(c *command) (*resource, error) {
	if r, ok := lookup(c.resource); ok {
		return r, nil
	}
	if e.Kinds != nil {
		if k, err := e.Kinds(c.resource); err == nil && !k.BodyOnly {
			return servedResource(k), nil
		}
	}
	return nil, fmt.Errorf("the server doesn't have a resource type %q%s", c.resource, hint(c.resource, resourceWords()))
}

// selects reports whether o carries every label of the selector.
func (c *command) selects(o *object.Object) bool {
	for k, v := range c.selector {
		if got, ok := o.Meta.Labels[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// buildTable builds the rows of objs; allNamespaces adds the NAMESPACE column.
func buildTable(r *resource, objs []*object.Object, now sim.Time, allNamespaces bool) *table {
	t := &table{columns: r.columns}
	if allNamespaces && r.namespaced {
		t.namespaces = []string{}
	}
	for _, o := range objs {
		t.rows = append(t.rows, r.row(o, now.Wall()))
		if t.namespaces != nil {
			t.namespaces = append(t.namespaces, o.Meta.Namespace)
		}
	}
	return t
}

// describe is `kubectl describe`: each object's description, separated
// by a blank line. As kubectl v1.37 does (cmd/describe/describe.go),
// events are shown for a single object only, unless --show-events says
// otherwise.
func (e Env) describe(c *command) (string, error) {
	r, err := e.lookup(c)
	if err != nil {
		return "", err
	}
	objs, missing := e.fetch(r, c)
	if len(objs) == 0 && len(missing) == 0 {
		return noResources(r, c), nil
	}
	showEvents := len(objs) == 1 && len(missing) == 0
	if c.showEvents != nil {
		showEvents = *c.showEvents
	}
	parts := make([]string, 0, len(objs))
	for _, o := range objs {
		var events []*object.Object // nil: not shown
		if showEvents {
			events = eventsAbout(o, sorted(e.Objects("Event", o.Meta.Namespace)))
		}
		parts = append(parts, e.describeOne(o, events))
	}
	return strings.Join(parts, "\n\n") + strings.Join(missing, ""), nil
}

// describeOne describes one object; events nil leaves the Events out.
func (e Env) describeOne(o *object.Object, events []*object.Object) string {
	now := e.Now.Wall()
	switch o.Kind {
	case "Pod":
		return describePod(o, events, now)
	case "Node":
		return describeNode(o, podsOn(o, e.Objects("Pod", "")), events, now)
	case "Deployment":
		return describeDeployment(o, e.Objects("ReplicaSet", o.Meta.Namespace), events, now)
	case "ReplicaSet":
		return describeReplicaSet(o, e.Objects("Pod", o.Meta.Namespace), events, now)
	case "StatefulSet":
		return describeStatefulSet(o, e.Objects("Pod", o.Meta.Namespace), events, now)
	case "DaemonSet":
		return describeDaemonSet(o, e.Objects("Pod", o.Meta.Namespace), events, now)
	case "Job":
		return describeJob(o, events, now)
	case "Service":
		return describeService(o, e.Objects("EndpointSlice", o.Meta.Namespace), events, now)
	case "ResourceQuota":
		return describeQuota(o)
	case "ConfigMap":
		return describeConfigMap(o, events, now)
	case "Secret":
		return describeSecret(o)
	case "ServiceAccount":
		return describeServiceAccount(o, events, now)
	case "Role", "ClusterRole":
		return describeRole(o)
	case "RoleBinding", "ClusterRoleBinding":
		return describeBinding(o)
	case "IngressClass":
		return describeIngressClass(o, events, now)
	case "LimitRange":
		return describeLimitRange(o)
	case "Ingress":
		ns := o.Meta.Namespace
		return describeIngress(o, e.Objects("Service", ns), e.Objects("EndpointSlice", ns), events, now)
	case "HorizontalPodAutoscaler":
		return describeHPA(o, events, now)
	case "StorageClass":
		return describeStorageClass(o, events, now)
	case "PersistentVolume":
		return describePersistentVolume(o, events, now)
	case "PersistentVolumeClaim":
		return describePersistentVolumeClaim(o, e.Objects("Pod", o.Meta.Namespace), events, now)
	case "PodDisruptionBudget":
		return describePodDisruptionBudget(o, events, now)
	case "EndpointSlice":
		return describeEndpointSlice(o, events, now)
	case "CronJob":
		return describeCronJob(o, events, now)
	case "Namespace":
		return describeNamespace(o, sorted(e.Objects("ResourceQuota", o.Meta.Name)), sorted(e.Objects("LimitRange", o.Meta.Name)))
	}
	return describeGeneric(o, events, now)
}

// DescribePod prints `kubectl describe pod` of a Pod; events may hold any
// Events, those about the Pod are shown.
func DescribePod(pod *object.Object, events []*object.Object, now sim.Time) string {
	return describePod(pod, eventsAbout(pod, sorted(events)), now.Wall())
}

// DescribeNode prints `kubectl describe node` of a Node; pods and events
// may hold any Pods and Events, those on and about the Node are shown.
func DescribeNode(node *object.Object, pods, events []*object.Object, now sim.Time) string {
	return describeNode(node, podsOn(node, pods), eventsAbout(node, sorted(events)), now.Wall())
}

// podsOn returns, of pods, those bound to node and not finished, as
// NodeDescriber lists them (by namespace and name).
func podsOn(node *object.Object, pods []*object.Object) []*object.Object {
	var on []*object.Object
	for _, p := range sorted(pods) {
		ph := str(status(p), "phase")
		if str(spec(p), "nodeName") == node.Meta.Name && ph != "Succeeded" && ph != "Failed" {
			on = append(on, p)
		}
	}
	return on
}

// logs prints `kubectl logs`.
func (e Env) logs(c *command) (string, error) {
	if e.Logs == nil {
		return "", fmt.Errorf("kubectl logs: no container logs in this state")
	}
	return e.Logs(c.namespace, c.names[0], c.container)
}
