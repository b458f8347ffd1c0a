package kubectl

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// deploymentColumns are printers.go's deploymentColumnDefinitions.
var deploymentColumns = []column{
	{name: "Name"}, {name: "Ready"}, {name: "Up-to-date"}, {name: "Available"}, {name: "Age"},
	{name: "Containers", wide: true}, {name: "Images", wide: true}, {name: "Selector", wide: true},
}

// replicaSetColumns are printers.go's replicaSetColumnDefinitions.
var replicaSetColumns = []column{
	{name: "Name"}, {name: "Desired"}, {name: "Current"}, {name: "Ready"}, {name: "Age"},
	{name: "Containers", wide: true}, {name: "Images", wide: true}, {name: "Selector", wide: true},
}

// daemonSetColumns are printers.go's daemonSetColumnDefinitions.
var daemonSetColumns = []column{
	{name: "Name"}, {name: "Desired"}, {name: "Current"}, {name: "Ready"}, {name: "Up-to-date"}, {name: "Available"},
	{name: "Node Selector"}, {name: "Age"},
	{name: "Containers", wide: true}, {name: "Images", wide: true}, {name: "Selector", wide: true},
}

// statefulSetColumns are printers.go's statefulSetColumnDefinitions.
var statefulSetColumns = []column{
	{name: "Name"}, {name: "Ready"}, {name: "Age"}, {name: "Containers", wide: true}, {name: "Images", wide: true},
}

// statefulSetRow is printers.go's printStatefulSet: ready of desired.
func statefulSetRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	names, images := containerCells(sp)
	return []string{o.Meta.Name, fmt.Sprintf("%d/%d", integer(st, "readyReplicas"), integer(sp, "replicas")),
		since(o.Meta.CreationTimestamp, now), names, images}
}

// daemonSetRow is printers.go's printDaemonSet: the status counts and the
// template's nodeSelector.
func daemonSetRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	names, images := containerCells(sp)
	count := func(f string) string { return fmt.Sprint(integer(st, f)) }
	return []string{o.Meta.Name, count("desiredNumberScheduled"), count("currentNumberScheduled"), count("numberReady"),
		count("updatedNumberScheduled"), count("numberAvailable"),
		formatLabels(object.StringMap(object.MapAt(sp, "template", "spec")["nodeSelector"])),
		since(o.Meta.CreationTimestamp, now), names, images, formatSelector(object.MapAt(sp, "selector"))}
}

// deploymentRow is printers.go's printDeployment.
func deploymentRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	names, images := containerCells(sp)
	return []string{o.Meta.Name,
		fmt.Sprintf("%d/%d", integer(st, "readyReplicas"), integer(sp, "replicas")),
		fmt.Sprint(integer(st, "updatedReplicas")), fmt.Sprint(integer(st, "availableReplicas")),
		since(o.Meta.CreationTimestamp, now), names, images, formatSelector(object.MapAt(sp, "selector"))}
}

// replicaSetRow is printers.go's printReplicaSet.
func replicaSetRow(o *object.Object, now time.Time) []string {
	sp, st := spec(o), status(o)
	names, images := containerCells(sp)
	return []string{o.Meta.Name, fmt.Sprint(integer(sp, "replicas")), fmt.Sprint(integer(st, "replicas")),
		fmt.Sprint(integer(st, "readyReplicas")), since(o.Meta.CreationTimestamp, now),
		names, images, formatSelector(object.MapAt(sp, "selector"))}
}

// containerCells is printers.go's layoutContainerCells over the Pod
// template's containers: names and images joined by commas.
func containerCells(sp map[string]any) (names, images string) {
	var n, i []string
	for _, c := range maps(listAt(object.MapAt(sp, "template", "spec"), "containers")) {
		n, i = append(n, str(c, "name")), append(i, str(c, "image"))
	}
	return strings.Join(n, ","), strings.Join(i, ",")
}

// formatSelector is metav1.FormatLabelSelector
// (k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go): match labels as
// key=value and expressions in labels.Selector's syntax, sorted, joined by
// commas; "<none>" for an empty selector.
func formatSelector(sel map[string]any) string {
	var terms []string
	for k, v := range object.StringMap(sel["matchLabels"]) {
		terms = append(terms, k+"="+v)
	}
	for _, e := range maps(listAt(sel, "matchExpressions")) {
		key, values := str(e, "key"), strs(listAt(e, "values"))
		slices.Sort(values)
		switch str(e, "operator") {
		case "In":
			terms = append(terms, key+" in ("+strings.Join(values, ",")+")")
		case "NotIn":
			terms = append(terms, key+" notin ("+strings.Join(values, ",")+")")
		case "Exists":
			terms = append(terms, key)
		case "DoesNotExist":
			terms = append(terms, "!"+key)
		}
	}
	if len(terms) == 0 {
		return "<none>"
	}
	slices.Sort(terms)
	return strings.Join(terms, ",")
}

// strs returns the strings of a list.
func strs(l []any) []string {
	var out []string
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// controllerRevisionColumns are printers.go's
// controllerRevisionColumnDefinitions.
var controllerRevisionColumns = []column{{name: "Name"}, {name: "Controller"}, {name: "Revision"}, {name: "Age"}}

// controllerRevisionRow is printControllerRevision: the controller as
// KIND.GROUP/NAME, lower-case ("statefulset.apps/web"), "<none>" without
// one.
func controllerRevisionRow(o *object.Object, now time.Time) []string {
	owner := "<none>"
	if ref, ok := o.Meta.ControllerRef(); ok {
		kind := strings.ToLower(ref.Kind)
		if g, _, found := strings.Cut(ref.APIVersion, "/"); found {
			kind += "." + g
		}
		owner = kind + "/" + ref.Name
	}
	n, _ := object.Int(o.Content["revision"])
	return []string{o.Meta.Name, owner, fmt.Sprint(n), since(o.Meta.CreationTimestamp, now)}
}
