package quota

import (
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// List is an amount per resource name (corev1.ResourceList).
type List map[string]object.Quantity

// computeResources are the container resources whose requests and limits
// a Pod's usage counts.
var computeResources = []string{"cpu", "memory", "ephemeral-storage"}

// Covers reports whether the quota resource name applies to objects of
// group/resource (the evaluators' MatchingResources).
func Covers(group, resource, name string) bool {
	if name == countName(group, resource) {
		return true
	}
	if group != "" {
		return false
	}
	switch resource {
	case "pods":
		if name == "pods" {
			return true
		}
		for _, r := range computeResources {
			if name == r || name == "requests."+r || name == "limits."+r {
				return true
			}
		}
		return strings.HasPrefix(name, "hugepages-") || strings.HasPrefix(name, "requests.hugepages-")
	case "services":
		return name == "services" || name == "services.loadbalancers" || name == "services.nodeports"
	case "persistentvolumeclaims":
		return name == "persistentvolumeclaims" || name == "requests.storage"
	case "configmaps", "secrets", "resourcequotas", "replicationcontrollers":
		return name == resource
	}
	return false
}

// countName is the object-count name of a resource: count/pods,
// count/deployments.apps.
func countName(group, resource string) string {
	if group == "" {
		return "count/" + resource
	}
	return "count/" + resource + "." + group
}

// Matching returns the names of hard that apply to group/resource, sorted.
func Matching(group, resource string, hard List) []string {
	var out []string
	for name := range hard {
		if Covers(group, resource, name) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Usage is what o, of group/resource, counts against quota at now.
func Usage(group, resource string, o *object.Object, now time.Time) List {
	one := object.NewQuantity(1, object.DecimalSI)
	out := List{countName(group, resource): one}
	if group != "" {
		return out
	}
	switch resource {
	case "pods":
		if !countsCompute(o, now) {
			return out
		}
		out["pods"] = one
		for name, q := range podCompute(o.Spec()) {
			out[name] = q
		}
	case "services":
		out["services"] = one
		switch object.StringAt(o.Spec(), "type") {
		case "LoadBalancer":
			out["services.loadbalancers"] = one
		case "NodePort":
			out["services.nodeports"] = one
		}
	case "persistentvolumeclaims":
		out["persistentvolumeclaims"] = one
		if q, ok := quantityOK(object.MapAt(o.Spec(), "resources", "requests")["storage"]); ok {
			out["requests.storage"] = q
		}
	case "configmaps", "secrets", "resourcequotas", "replicationcontrollers":
		out[resource] = one
	}
	return out
}

// countsCompute is QuotaV1Pod: a Pod counts until it has finished, or
// until its deletion grace period has run out.
func countsCompute(pod *object.Object, now time.Time) bool {
	if object.IsPodTerminal(pod) {
		return false
	}
	if dt := pod.Meta.DeletionTimestamp; dt != nil && pod.Meta.DeletionGracePeriodSeconds != nil {
		if now.After(dt.Add(time.Duration(*pod.Meta.DeletionGracePeriodSeconds) * time.Second)) {
			return false
		}
	}
	return true
}

// podCompute is the Pod's compute usage (PodUsageFunc): the regular
// containers' requests and limits summed, each raised to the largest init
// container's, plus the overhead.
func podCompute(spec map[string]any) List {
	sum := List{}
	for _, c := range object.ListAt(spec, "containers") {
		for name, q := range containerUsage(object.AsMap(c)) {
			sum[name] = Add(sum[name], q)
		}
	}
	for _, c := range object.ListAt(spec, "initContainers") {
		for name, q := range containerUsage(object.AsMap(c)) {
			if q.Cmp(sum[name]) > 0 {
				sum[name] = q
			}
		}
	}
	for name, v := range object.AsMap(spec["overhead"]) {
		if q, ok := quantityOK(v); ok {
			for _, n := range usageNames(name, "requests") {
				sum[n] = Add(sum[n], q)
			}
			for _, n := range usageNames(name, "limits") {
				if _, has := sum[n]; has {
					sum[n] = Add(sum[n], q)
				}
			}
		}
	}
	return sum
}

// containerUsage is podComputeUsageHelper for one container: each
// request as NAME and requests.NAME, each limit as limits.NAME.
func containerUsage(c map[string]any) List {
	out := List{}
	res := object.AsMap(c["resources"])
	for _, kind := range []string{"requests", "limits"} {
		for name, v := range object.AsMap(res[kind]) {
			q, ok := quantityOK(v)
			if !ok {
				continue
			}
			for _, n := range usageNames(name, kind) {
				out[n] = q
			}
		}
	}
	return out
}

// usageNames are the quota names a container resource counts under.
func usageNames(name, kind string) []string {
	switch {
	case slices.Contains(computeResources, name):
		if kind == "requests" {
			return []string{name, "requests." + name}
		}
		return []string{"limits." + name}
	case strings.HasPrefix(name, "hugepages-") && kind == "requests":
		return []string{name, "requests." + name}
	}
	return nil
}

// Add is a+b as resource.Quantity.Add gives it: a zero amount takes the
// other's format.
func Add(a, b object.Quantity) object.Quantity {
	switch {
	case a.IsZero():
		return b
	case b.IsZero():
		return a
	}
	return a.Add(b)
}

// Of reads a ResourceList from a tree (a quota's spec.hard,
// status.used).
func Of(m map[string]any) List {
	out := make(List, len(m))
	for name, v := range m {
		if q, ok := quantityOK(v); ok {
			out[name] = q
		}
	}
	return out
}

// Tree renders l for an object: each amount canonical.
func (l List) Tree() map[string]any {
	out := make(map[string]any, len(l))
	for name, q := range l {
		out[name] = q.String()
	}
	return out
}

// String is prettyPrint: "name=amount" pairs sorted by name, joined by
// commas.
func (l List) String() string {
	names := make([]string, 0, len(l))
	for name := range l {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + "=" + l[name].String()
	}
	return strings.Join(parts, ",")
}

// Mask is quota.Mask: the entries of l named in names.
func (l List) Mask(names []string) List {
	out := List{}
	for _, n := range names {
		if q, ok := l[n]; ok {
			out[n] = q
		}
	}
	return out
}

// Equal reports whether l and o hold the same amounts.
func (l List) Equal(o List) bool {
	if len(l) != len(o) {
		return false
	}
	for n, q := range l {
		if p, ok := o[n]; !ok || p.Cmp(q) != 0 {
			return false
		}
	}
	return true
}

// quantityOK reads a tree value as a quantity, reporting whether it is
// one.
func quantityOK(v any) (object.Quantity, bool) {
	q, err := object.QuantityOf(v)
	return q, err == nil
}
