package kubectl

import (
	"fmt"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// get prints `kubectl get`.
func (e Env) get(c *command) (string, error) {
	r, err := c.lookup()
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

// lookup finds the command's resource.
func (c *command) lookup() (*resource, error) {
	r, ok := lookup(c.resource)
	if !ok {
		return nil, fmt.Errorf("the server doesn't have a resource type %q%s", c.resource, hint(c.resource, resourceWords()))
	}
	return r, nil
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

// Table prints objects of one kind ("Pod", "Node", …) as `kubectl get`
// does, with the -o wide columns when wide is set; "" when there are no
// objects. It returns an error for a kind it does not print.
func Table(kind string, objs []*object.Object, now sim.Time, wide bool) (string, error) {
	r, ok := lookup(kind)
	if !ok {
		return "", fmt.Errorf("kubectl: no table for kind %q", kind)
	}
	return buildTable(r, objs, now, false).render(wide), nil
}

// describe prints `kubectl describe` of Pods, Nodes, ResourceQuotas or
// LimitRanges.
func (e Env) describe(c *command) (string, error) {
	r, err := c.lookup()
	if err != nil {
		return "", err
	}
	switch r.kind {
	case "Pod", "Node", "ResourceQuota", "LimitRange":
	default:
		return "", fmt.Errorf("describe prints pods, nodes, resourcequotas and limitranges here, not %s", r.plural)
	}
	objs, missing := e.fetch(r, c)
	if len(objs) == 0 && len(missing) == 0 {
		return noResources(r, c), nil
	}
	var parts []string
	for _, o := range objs {
		switch r.kind {
		case "Pod":
			parts = append(parts, DescribePod(o, e.Objects("Event", o.Meta.Namespace), e.Now))
		case "Node":
			parts = append(parts, DescribeNode(o, e.Objects("Pod", ""), e.Objects("Event", ""), e.Now))
		case "ResourceQuota":
			parts = append(parts, describeQuota(o))
		case "LimitRange":
			parts = append(parts, describeLimitRange(o))
		}
	}
	return strings.Join(parts, "\n\n") + strings.Join(missing, ""), nil
}

// DescribePod prints `kubectl describe pod` of a Pod; events may hold any
// Events, those about the Pod are shown.
func DescribePod(pod *object.Object, events []*object.Object, now sim.Time) string {
	return describePod(pod, eventsAbout(pod, sorted(events)), now.Wall())
}

// DescribeNode prints `kubectl describe node` of a Node; pods and events
// may hold any Pods and Events, those on and about the Node are shown.
func DescribeNode(node *object.Object, pods, events []*object.Object, now sim.Time) string {
	var on []*object.Object
	for _, p := range sorted(pods) {
		ph := str(status(p), "phase")
		if str(spec(p), "nodeName") == node.Meta.Name && ph != "Succeeded" && ph != "Failed" {
			on = append(on, p)
		}
	}
	return describeNode(node, on, eventsAbout(node, sorted(events)), now.Wall())
}

// logs prints `kubectl logs`.
func (e Env) logs(c *command) (string, error) {
	if e.Logs == nil {
		return "", fmt.Errorf("kubectl logs: no container logs in this state")
	}
	return e.Logs(c.namespace, c.names[0], c.container)
}
