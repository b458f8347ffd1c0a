package kubectl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// describeIngress is describe.go's describeIngressV1: the load
// balancer's addresses, the class, the default backend, TLS, each rule's
// paths with their backends (a Service backend with its ready
// endpoints), the annotations and the Events. services and slices are
// the Ingress's namespace's.
func describeIngress(o *object.Object, services, slices, events []*object.Object, now time.Time) string {
	sp := spec(o)
	b := ingressBackends{services: services, slices: sorted(slices)}
	d := newDescriber()
	d.line(0, "Name:\t%s\n", o.Meta.Name)
	d.multiline("Labels", o.Meta.Labels)
	d.line(0, "Namespace:\t%s\n", o.Meta.Namespace)
	d.line(0, "Address:\t%s\n", strings.Join(loadBalancerAddresses(o), ","))
	d.line(0, "Ingress Class:\t%s\n", firstNonEmpty(str(sp, "ingressClassName"), "<none>"))
	def := "<default>"
	if db := object.AsMap(sp["defaultBackend"]); db != nil {
		def = b.describe(db)
	}
	d.line(0, "Default backend:\t%s\n", def)
	if tls := maps(listAt(sp, "tls")); len(tls) > 0 {
		d.line(0, "TLS:\n")
		for _, t := range tls {
			hosts := strings.Join(strs(listAt(t, "hosts")), ",")
			if secret := str(t, "secretName"); secret != "" {
				d.line(1, "%s terminates %s\n", secret, hosts)
			} else {
				d.line(1, "SNI routes %s\n", hosts)
			}
		}
	}
	d.line(0, "Rules:\n  Host\tPath\tBackends\n")
	d.line(1, "----\t----\t--------\n")
	count := 0
	for _, r := range maps(listAt(sp, "rules")) {
		http := object.AsMap(r["http"])
		if http == nil {
			continue
		}
		count++
		d.line(1, "%s\t\n", firstNonEmpty(str(r, "host"), "*"))
		for _, p := range maps(listAt(http, "paths")) {
			d.line(2, "\t%s \t%s\n", str(p, "path"), b.describe(object.AsMap(p["backend"])))
		}
	}
	if count == 0 {
		d.line(1, "%s\t%s\t%s\n", "*", "*", def)
	}
	d.annotations("Annotations", o.Meta.Annotations)
	d.events(events, now)
	return d.String()
}

// loadBalancerAddresses are an Ingress's load balancer IPs or hostnames,
// each once, sorted (ingressLoadBalancerStatusStringerV1).
func loadBalancerAddresses(o *object.Object) []string {
	var addrs []string
	for _, i := range maps(listAt(object.MapAt(status(o), "loadBalancer"), "ingress")) {
		if a := firstNonEmpty(str(i, "ip"), str(i, "hostname")); a != "" && !slices.Contains(addrs, a) {
			addrs = append(addrs, a)
		}
	}
	slices.Sort(addrs)
	return addrs
}

// ingressBackends describes an Ingress's backends from its namespace's
// Services and EndpointSlices.
type ingressBackends struct {
	services, slices []*object.Object
}

// describe is describeBackendV1: a Service backend as NAME:PORT with the
// ready endpoints of the Service port it names (or the error of reading
// the Service), a resource backend by group, kind and name.
func (b ingressBackends) describe(backend map[string]any) string {
	if svc := object.AsMap(backend["service"]); svc != nil {
		name, port := str(svc, "name"), object.AsMap(svc["port"])
		num := integer(port, "number")
		sb := name + ":" + str(port, "name")
		if num != 0 {
			sb = name + ":" + strconv.FormatInt(num, 10)
		}
		i := slices.IndexFunc(b.services, func(s *object.Object) bool { return s.Meta.Name == name })
		if i < 0 {
			return fmt.Sprintf("%s (<error: services %q not found>)", sb, name)
		}
		portName := ""
		for _, sp := range maps(listAt(spec(b.services[i]), "ports")) {
			if (num != 0 && num == integer(sp, "port")) || (str(port, "name") != "" && str(port, "name") == str(sp, "name")) {
				portName = str(sp, "name")
			}
		}
		var own []*object.Object
		for _, s := range b.slices {
			if s.Meta.Labels["kubernetes.io/service-name"] == name {
				own = append(own, s)
			}
		}
		return fmt.Sprintf("%s (%s)", sb, endpointsOf(own, portName))
	}
	if res := object.AsMap(backend["resource"]); res != nil {
		group := "<none>"
		if g, ok := res["apiGroup"].(string); ok {
			group = g
		}
		return fmt.Sprintf("APIGroup: %s, Kind: %s, Name: %s", group, str(res, "kind"), str(res, "name"))
	}
	return ""
}

// describeIngressClass is describe.go's describeIngressClassV1: the
// controller, the parameters' reference, then the Events.
func describeIngressClass(o *object.Object, events []*object.Object, now time.Time) string {
	sp := spec(o)
	d := newDescriber()
	d.head(o, false)
	d.line(0, "Controller:\t%s\n", str(sp, "controller"))
	if p := object.AsMap(sp["parameters"]); p != nil {
		d.line(0, "Parameters:\n")
		if g, ok := p["apiGroup"].(string); ok {
			d.line(1, "APIGroup:\t%s\n", g)
		}
		d.line(1, "Kind:\t%s\n", str(p, "kind"))
		d.line(1, "Name:\t%s\n", str(p, "name"))
	}
	d.events(events, now)
	return d.String()
}
