package kubectl

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeService is describe.go's describeService. slices may hold any
// EndpointSlices: those labelled kubernetes.io/service-name with the
// Service's name, in its namespace, give the Endpoints lines.
func describeService(o *object.Object, slices, events []*object.Object, now time.Time) string {
	sp := spec(o)
	var own []*object.Object
	for _, s := range sorted(slices) {
		if s.Meta.Namespace == o.Meta.Namespace && s.Meta.Labels["kubernetes.io/service-name"] == o.Meta.Name {
			own = append(own, s)
		}
	}
	d := newDescriber()
	d.head(o, true)
	d.line(0, "Selector:\t%s\n", formatLabels(object.StringMap(sp["selector"])))
	d.line(0, "Type:\t%s\n", str(sp, "type"))
	if p := str(sp, "ipFamilyPolicy"); p != "" {
		d.line(0, "IP Family Policy:\t%s\n", p)
	}
	d.line(0, "IP Families:\t%s\n", orNone(strings.Join(strs(listAt(sp, "ipFamilies")), ",")))
	d.line(0, "IP:\t%s\n", str(sp, "clusterIP"))
	d.line(0, "IPs:\t%s\n", orNone(strings.Join(strs(listAt(sp, "clusterIPs")), ",")))
	if ips := strs(listAt(sp, "externalIPs")); len(ips) > 0 {
		d.line(0, "External IPs:\t%s\n", strings.Join(ips, ","))
	}
	if ip := str(sp, "loadBalancerIP"); ip != "" {
		d.line(0, "Desired LoadBalancer IP:\t%s\n", ip)
	}
	if n := str(sp, "externalName"); n != "" {
		d.line(0, "External Name:\t%s\n", n)
	}
	if ing := maps(listAt(object.MapAt(status(o), "loadBalancer"), "ingress")); len(ing) > 0 {
		var list []string
		for _, i := range ing {
			list = append(list, firstNonEmpty(str(i, "ip"), str(i, "hostname")))
		}
		d.line(0, "LoadBalancer Ingress:\t%s\n", strings.Join(list, ", "))
	}
	for _, p := range maps(listAt(sp, "ports")) {
		name := firstNonEmpty(str(p, "name"), "<unset>")
		proto := str(p, "protocol")
		d.line(0, "Port:\t%s\t%d/%s\n", name, integer(p, "port"), proto)
		d.line(0, "TargetPort:\t%s/%s\n", str(p, "targetPort"), proto)
		if ap := str(p, "appProtocol"); ap != "" {
			d.line(0, "AppProtocol:\t%s\n", ap)
		}
		if np := integer(p, "nodePort"); np != 0 {
			d.line(0, "NodePort:\t%s\t%d/%s\n", name, np, proto)
		}
		d.line(0, "Endpoints:\t%s\n", endpointsOf(own, str(p, "name")))
	}
	d.line(0, "Session Affinity:\t%s\n", str(sp, "sessionAffinity"))
	for _, f := range []struct{ key, label string }{
		{"externalTrafficPolicy", "External Traffic Policy"}, {"internalTrafficPolicy", "Internal Traffic Policy"},
	} {
		if v := str(sp, f.key); v != "" {
			d.line(0, "%s:\t%s\n", f.label, v)
		}
	}
	if hc := integer(sp, "healthCheckNodePort"); hc != 0 {
		d.line(0, "HealthCheck NodePort:\t%d\n", hc)
	}
	if r := strs(listAt(sp, "loadBalancerSourceRanges")); len(r) > 0 {
		d.line(0, "LoadBalancer Source Ranges:\t%s\n", strings.Join(r, ","))
	}
	if td := str(sp, "trafficDistribution"); td != "" {
		d.line(0, "Traffic Distribution:\t%s\n", td)
	}
	d.events(events, now)
	return d.String()
}

// endpointsOf is describe.go's formatEndpointSlices for the Service port
// named port: the ready endpoints' first addresses with the slices' port
// of that name, at most three, then "+ N more...". Like kubectl, it
// counts as "more" any endpoint met once three are listed, ready or not.
func endpointsOf(slices []*object.Object, port string) string {
	if len(slices) == 0 {
		return "<none>"
	}
	const most = 3
	var list []string
	more, count := false, 0
	visit := func(e map[string]any, addr func(string) string) {
		if len(list) == most {
			more = true
		}
		if !ready(e) {
			return
		}
		if !more {
			list = append(list, addr(firstAddress(e)))
		}
		count++
	}
	for _, s := range slices {
		eps := maps(listAt(s.Content, "endpoints"))
		ports := maps(listAt(s.Content, "ports"))
		if len(ports) == 0 {
			// A headless Service without ports: addresses alone.
			for _, e := range eps {
				visit(e, func(a string) string { return a })
			}
			continue
		}
		for _, p := range ports {
			if str(p, "name") != port {
				continue
			}
			num := strconv.FormatInt(integer(p, "port"), 10)
			for _, e := range eps {
				visit(e, func(a string) string { return net.JoinHostPort(a, num) })
			}
		}
	}
	out := strings.Join(list, ",")
	if more {
		return fmt.Sprintf("%s + %d more...", out, count-most)
	}
	return out
}

// ready reports an endpoint's ready condition, true when unset (the
// EndpointSlice API's "unknown, treat as ready").
func ready(e map[string]any) bool {
	r, ok := object.MapAt(e, "conditions")["ready"].(bool)
	return !ok || r
}

// firstAddress is an endpoint's first address.
func firstAddress(e map[string]any) string {
	if a := strs(listAt(e, "addresses")); len(a) > 0 {
		return a[0]
	}
	return ""
}

// describeEndpointSlice is describe.go's describeEndpointSliceV1: the
// ports, then each endpoint's addresses, readiness, hostname, target,
// node and zone ("<unset>" for what is not set).
func describeEndpointSlice(o *object.Object, events []*object.Object, now time.Time) string {
	c := o.Content
	d := newDescriber()
	d.head(o, true)
	d.line(0, "AddressType:\t%s\n", str(c, "addressType"))
	if ports := maps(listAt(c, "ports")); len(ports) == 0 {
		d.line(0, "Ports: <unset>\n")
	} else {
		d.line(0, "Ports:\n")
		d.line(1, "Name\tPort\tProtocol\n")
		d.line(1, "----\t----\t--------\n")
		for _, p := range ports {
			port := "<unset>"
			if _, ok := p["port"]; ok {
				port = fmt.Sprint(integer(p, "port"))
			}
			d.line(1, "%s\t%s\t%s\n", firstNonEmpty(str(p, "name"), "<unset>"), port, str(p, "protocol"))
		}
	}
	eps := maps(listAt(c, "endpoints"))
	if len(eps) == 0 {
		d.line(0, "Endpoints: <none>\n")
	} else {
		d.line(0, "Endpoints:\n")
	}
	for _, e := range eps {
		d.line(1, "- Addresses:\t%s\n", firstNonEmpty(strings.Join(strs(listAt(e, "addresses")), ", "), "<none>"))
		d.line(2, "Conditions:\n")
		ready := "<unset>"
		if r, ok := object.MapAt(e, "conditions")["ready"].(bool); ok {
			ready = fmt.Sprint(r)
		}
		d.line(3, "Ready:\t%s\n", ready)
		d.line(2, "Hostname:\t%s\n", stringOrUnset(e, "hostname"))
		if ref := object.MapAt(e, "targetRef"); ref != nil {
			d.line(2, "TargetRef:\t%s/%s\n", str(ref, "kind"), str(ref, "name"))
		}
		d.line(2, "NodeName:\t%s\n", stringOrUnset(e, "nodeName"))
		d.line(2, "Zone:\t%s\n", stringOrUnset(e, "zone"))
	}
	d.events(events, now)
	return d.String()
}

// stringOrUnset is a string field as describe prints a *string: its
// value, even empty, or "<unset>" when it is absent.
func stringOrUnset(m map[string]any, key string) string {
	if s, ok := m[key].(string); ok {
		return s
	}
	return "<unset>"
}
