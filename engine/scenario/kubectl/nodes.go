package kubectl

import (
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// nodeColumns are printers.go's nodeColumnDefinitions.
var nodeColumns = []column{
	{name: "Name"}, {name: "Status"}, {name: "Roles"}, {name: "Age"}, {name: "Version"},
	{name: "Internal-IP", wide: true}, {name: "External-IP", wide: true}, {name: "OS-Image", wide: true},
	{name: "Kernel-Version", wide: true}, {name: "Container-Runtime", wide: true},
}

// nodeRow is printers.go's printNode: STATUS is Ready or NotReady from the
// Ready condition (Unknown without one), plus SchedulingDisabled for a
// cordoned Node.
func nodeRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	var state []string
	for _, c := range maps(listAt(st, "conditions")) {
		if str(c, "type") == "Ready" {
			if str(c, "status") == "True" {
				state = append(state, "Ready")
			} else {
				state = append(state, "NotReady")
			}
		}
	}
	if len(state) == 0 {
		state = append(state, "Unknown")
	}
	if boolean(sp, "unschedulable") {
		state = append(state, "SchedulingDisabled")
	}
	info := object.MapAt(st, "nodeInfo")
	kernel := unknown(str(info, "kernelVersion"))
	if arch := str(info, "architecture"); arch != "" {
		kernel += " (" + arch + ")"
	}
	return []string{o.Meta.Name, strings.Join(state, ","), orNone(strings.Join(nodeRoles(o), ",")),
		since(o.Meta.CreationTimestamp, now), str(info, "kubeletVersion"),
		nodeAddress(st, "InternalIP"), nodeAddress(st, "ExternalIP"),
		unknown(str(info, "osImage")), kernel, unknown(str(info, "containerRuntimeVersion"))}
}

// nodeRoles is printers.go's findNodeRoles: the suffixes of
// node-role.kubernetes.io/ROLE labels and the value of kubernetes.io/role,
// sorted.
func nodeRoles(o *object.Object) []string {
	var roles []string
	for k, v := range o.Meta.Labels {
		switch {
		case strings.HasPrefix(k, "node-role.kubernetes.io/"):
			if r := strings.TrimPrefix(k, "node-role.kubernetes.io/"); r != "" {
				roles = append(roles, r)
			}
		case k == "kubernetes.io/role" && v != "":
			roles = append(roles, v)
		}
	}
	slices.Sort(roles)
	return slices.Compact(roles)
}

// nodeAddress is the first status address of type t, or "<none>".
func nodeAddress(st map[string]any, t string) string {
	for _, a := range maps(listAt(st, "addresses")) {
		if str(a, "type") == t {
			return str(a, "address")
		}
	}
	return "<none>"
}

// unknown returns s, or "<unknown>" when it is empty.
func unknown(s string) string {
	if s == "" {
		return "<unknown>"
	}
	return s
}
