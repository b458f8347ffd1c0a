package kubectl

import (
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeNode is describe.go's describeNode, without the Node's lease
// and resource slices; pods are the Node's non-terminated Pods.
func describeNode(o *object.Object, pods, events []*object.Object, now time.Time) string {
	sp, st := spec(o), status(o)
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.line(0, "Roles:\t%s\n", orNone(strings.Join(nodeRoles(o), ",")))
	d.multiline("Labels", o.Meta.Labels)
	d.annotations("Annotations", o.Meta.Annotations)
	d.line(0, "CreationTimestamp:\t%s\n", rfc1123z(o.Meta.CreationTimestamp))
	d.taints(maps(listAt(sp, "taints")))
	d.line(0, "Unschedulable:\t%v\n", boolean(sp, "unschedulable"))
	if conds := maps(listAt(st, "conditions")); len(conds) > 0 {
		d.line(0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
		d.line(1, "----\t------\t-----------------\t------------------\t------\t-------\n")
		for _, c := range conds {
			d.line(1, "%s \t%s \t%s \t%s \t%s \t%s\n", str(c, "type"), str(c, "status"),
				rfc1123z(object.TimeAt(c, "lastHeartbeatTime")), rfc1123z(object.TimeAt(c, "lastTransitionTime")),
				str(c, "reason"), clean(str(c, "message")))
		}
	}
	d.line(0, "Addresses:\n")
	for _, a := range maps(listAt(st, "addresses")) {
		d.line(1, "%s:\t%s\n", str(a, "type"), str(a, "address"))
	}
	for _, part := range []struct{ key, label string }{{"capacity", "Capacity"}, {"allocatable", "Allocatable"}} {
		m := object.StringMap(st[part.key])
		if len(m) == 0 {
			continue
		}
		d.line(0, "%s:\n", part.label)
		for _, k := range sortedKeys(m) {
			d.line(0, "  %s:\t%s\n", k, m[k])
		}
	}
	info := object.MapAt(st, "nodeInfo")
	d.line(0, "System Info:\n")
	for _, f := range []struct{ label, key string }{
		{"Machine ID", "machineID"}, {"System UUID", "systemUUID"}, {"Boot ID", "bootID"},
		{"Kernel Version", "kernelVersion"}, {"OS Image", "osImage"}, {"Operating System", "operatingSystem"},
		{"Architecture", "architecture"}, {"Container Runtime Version", "containerRuntimeVersion"},
		{"Kubelet Version", "kubeletVersion"},
	} {
		d.line(0, "  %s:\t%s\n", f.label, str(info, f.key))
	}
	if c := str(sp, "podCIDR"); c != "" {
		d.line(0, "PodCIDR:\t%s\n", c)
	}
	if cs := strs(listAt(sp, "podCIDRs")); len(cs) > 0 {
		d.line(0, "PodCIDRs:\t%s\n", strings.Join(cs, ","))
	}
	if id := str(sp, "providerID"); id != "" {
		d.line(0, "ProviderID:\t%s\n", id)
	}
	d.nodePods(st, pods, now)
	d.events(events, now)
	return d.String()
}

// taints is describe.go's printTaintsMultilineWithIndent: sorted by
// effect then key, each as Taint.ToString.
func (d *describer) taints(ts []map[string]any) {
	items := make([]string, 0, len(ts))
	keys := make([]string, 0, len(ts))
	for _, t := range ts {
		k, v, e := str(t, "key"), str(t, "value"), str(t, "effect")
		s := k
		switch {
		case e == "" && v != "":
			s = k + "=" + v + ":"
		case e != "" && v == "":
			s = k + ":" + e
		case e != "":
			s = k + "=" + v + ":" + e
		}
		items, keys = append(items, s), append(keys, e+","+k)
	}
	sortAlong(items, keys)
	d.list("Taints", len(items), func(i int) string { return items[i] })
}

// sortAlong sorts items by their keys, stably.
func sortAlong(items, keys []string) {
	for i := 1; i < len(items); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			items[j], items[j-1] = items[j-1], items[j]
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
}
