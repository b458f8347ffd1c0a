// Package traffic sends application requests to Services over the data
// plane — the `traffic: client -> service demo/web x20` action of a lesson.
// A request never touches the API server: the Client is built without an
// API endpoint, and resolves a Service only through the forwarding rules
// a service proxy left on a node (network.Rules), so traffic keeps flowing
// on the programmed rules while every API server is stopped, and follows
// stale rules when the proxy is gone.
//
// One request, as the packets of one new connection go:
//
//  1. Entry node. A Pod's request leaves through its own node. A client
//     outside the cluster enters through the node it names (Via) or,
//     without one, through a load balancer that sends each new connection
//     to the next node that is up, in the Client's node order.
//  2. Rule. The Service's rule on that node, for the requested port (the
//     Service's first rule in address order when none is named). A node
//     without a rule for the Service has no path to it: the connection
//     times out. A rule without backends is kube-proxy's REJECT for a
//     Service "has no endpoints": the connection is refused at once
//     (pkg/proxy/iptables/proxier.go).
//  3. Backend. iptables walks the Service's chain: rule i of n matches with
//     probability 1/(n-i) (the statistic module in random mode), the last
//     one always, so every backend is equally likely
//     (pkg/proxy/iptables/proxier.go, writeServiceToEndpointRules). The
//     draws come from the run's seeded generator.
//  4. Delivery. The Pod IP's backend answers (network.Backend, the
//     container's behaviour): an HTTP status, or a refused connection when
//     nothing listens. An IP no Pod holds any more gives "no route to
//     host"; a Pod on a node that is down gives "connection timed out".
//
// Each request is one HTTP trace event at the instant it is sent, from the
// client (or "pod/NS/NAME") to the backend Pod ("pod/NS/NAME", trace.Pod),
// or to "rules/NODE" when the node's rules refused it, or to no one when
// it found no path. The object is the Service (resource "services"); the
// outcome is the HTTP status, or code 0 with a reason (ConnectionRefused,
// Timeout, NoRouteToHost) and the error as the message; Detail shows the
// path ("via worker-a: 10.96.0.50:80 -> 10.244.1.2:8080").
//
// Simplifications: requests take no virtual time and are sent one after
// another; there is no connection reuse, session affinity, NodePort or
// external traffic policy; timeouts are reported at once.
package traffic
