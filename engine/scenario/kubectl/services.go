package kubectl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// serviceColumns are printers.go's serviceColumnDefinitions.
var serviceColumns = []column{
	{name: "Name"}, {name: "Type"}, {name: "Cluster-IP"}, {name: "External-IP"}, {name: "Port(s)"}, {name: "Age"},
	{name: "Selector", wide: true},
}

// endpointSliceColumns are printers.go's endpointSliceColumnDefinitions.
var endpointSliceColumns = []column{
	{name: "Name"}, {name: "AddressType"}, {name: "Ports"}, {name: "Endpoints"}, {name: "Age"},
}

// serviceRow is printers.go's printService.
func serviceRow(o *object.Object, now time.Time) []string {
	sp := spec(o)
	ip := "<none>"
	if ips := strs(listAt(sp, "clusterIPs")); len(ips) > 0 {
		ip = ips[0]
	}
	var ports []string
	for _, p := range maps(listAt(sp, "ports")) {
		s := fmt.Sprintf("%d/%s", integer(p, "port"), str(p, "protocol"))
		if np := integer(p, "nodePort"); np > 0 {
			s = fmt.Sprintf("%d:%d/%s", integer(p, "port"), np, str(p, "protocol"))
		}
		ports = append(ports, s)
	}
	return []string{o.Meta.Name, str(sp, "type"), ip, externalIP(o), orNone(strings.Join(ports, ",")),
		since(o.Meta.CreationTimestamp, now), formatLabels(object.StringMap(sp["selector"]))}
}

// externalIP is printers.go's getServiceExternalIP (narrow output).
func externalIP(o *object.Object) string {
	sp := spec(o)
	ext := strs(listAt(sp, "externalIPs"))
	switch str(sp, "type") {
	case "ClusterIP", "NodePort":
		return orNone(strings.Join(ext, ","))
	case "LoadBalancer":
		var lb []string
		for _, in := range maps(listAt(object.MapAt(status(o), "loadBalancer"), "ingress")) {
			if s := str(in, "ip"); s != "" {
				lb = append(lb, s)
			} else if s := str(in, "hostname"); s != "" {
				lb = append(lb, s)
			}
		}
		if all := append(lb, ext...); len(all) > 0 {
			return strings.Join(all, ",")
		}
		return "<pending>"
	case "ExternalName":
		return str(sp, "externalName")
	}
	return "<unknown>"
}

// formatLabels is labels.FormatLabels: sorted key=value pairs joined by
// commas, "<none>" when empty.
func formatLabels(m map[string]string) string {
	var terms []string
	for k, v := range m {
		terms = append(terms, k+"="+v)
	}
	slices.Sort(terms)
	return orNone(strings.Join(terms, ","))
}

// endpointSliceRow is printers.go's printEndpointSlice.
func endpointSliceRow(o *object.Object, now time.Time) []string {
	var ports, addrs []string
	for _, p := range maps(listAt(o.Content, "ports")) {
		switch {
		case p["port"] != nil:
			ports = append(ports, strconv.FormatInt(integer(p, "port"), 10))
		case p["name"] != nil:
			ports = append(ports, str(p, "name"))
		default:
			ports = append(ports, "*")
		}
	}
	for _, e := range maps(listAt(o.Content, "endpoints")) {
		addrs = append(addrs, strs(listAt(e, "addresses"))...)
	}
	return []string{o.Meta.Name, str(o.Content, "addressType"), moreList(ports), moreList(addrs), since(o.Meta.CreationTimestamp, now)}
}

// moreList is printers.go's listWithMoreString over at most three items:
// "a,b,c + 2 more...", "<unset>" when empty.
func moreList(items []string) string {
	const most = 3
	switch {
	case len(items) == 0:
		return "<unset>"
	case len(items) > most:
		return fmt.Sprintf("%s + %d more...", strings.Join(items[:most], ","), len(items)-most)
	}
	return strings.Join(items, ",")
}
