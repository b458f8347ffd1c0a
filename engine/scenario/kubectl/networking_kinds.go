package kubectl

import (
	"fmt"
	"strings"
	"time"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// ingressColumns are printers.go's ingressColumnDefinitions.
var ingressColumns = []column{{name: "Name"}, {name: "Class"}, {name: "Hosts"}, {name: "Address"}, {name: "Ports"}, {name: "Age"}}

// loadBalancerWidth is printers.go's: an address column longer than this
// is cut, but with -o wide.
const loadBalancerWidth = 16

// ingressRow is printIngress: the class, the rules' hosts (formatHosts),
// the load balancer's addresses and the ports (80, and 443 with TLS).
// The address is cut to loadBalancerWidth here, as without -o wide.
func ingressRow(o *object.Object, now time.Time) []string {
	sp := spec(o)
	class := firstNonEmpty(str(sp, "ingressClassName"), "<none>")
	rules := maps(listAt(sp, "rules"))
	var hosts []string
	more := false
	for _, r := range rules {
		if len(hosts) == 3 {
			more = true
		}
		if !more && str(r, "host") != "" {
			hosts = append(hosts, str(r, "host"))
		}
	}
	hostCell := "*"
	if len(hosts) > 0 {
		hostCell = strings.Join(hosts, ",")
		if more {
			hostCell = fmt.Sprintf("%s + %d more...", hostCell, len(rules)-3)
		}
	}
	address := strings.Join(loadBalancerAddresses(o), ",")
	if len(address) > loadBalancerWidth {
		address = address[:loadBalancerWidth-3] + "..."
	}
	ports := "80"
	if len(listAt(sp, "tls")) > 0 {
		ports = "80, 443"
	}
	return []string{o.Meta.Name, class, hostCell, address, ports, since(o.Meta.CreationTimestamp, now)}
}

// ingressClassColumns are printers.go's ingressClassColumnDefinitions.
var ingressClassColumns = []column{{name: "Name"}, {name: "Controller"}, {name: "Parameters"}, {name: "Age"}}

// ingressClassRow is printIngressClass: "(default)" after the name of
// the default class, and the parameters as KIND[.GROUP]/NAME.
func ingressClassRow(o *object.Object, now time.Time) []string {
	name := o.Meta.Name
	if o.Meta.Annotations["ingressclass.kubernetes.io/is-default-class"] == "true" {
		name += " (default)"
	}
	sp := spec(o)
	params := "<none>"
	if p := object.MapAt(sp, "parameters"); p != nil {
		params = str(p, "kind")
		if g := str(p, "apiGroup"); g != "" {
			params += "." + g
		}
		params += "/" + str(p, "name")
	}
	return []string{name, str(sp, "controller"), params, since(o.Meta.CreationTimestamp, now)}
}
