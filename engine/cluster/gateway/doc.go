// Package gateway is a Gateway API implementation (the source course's
// conversation 18): a controller that watches GatewayClasses, Gateways
// and HTTPRoutes through the API and programs a proxy of its own, and
// that proxy, which routes data-plane requests by host and path to a
// Service.
//
//   - Controller ("gateway-controller", the ServiceAccount
//     kube-system/gateway-controller) owns the GatewayClasses whose
//     spec.controllerName is ControllerName. It accepts them (condition
//     Accepted, reason Accepted); for each Gateway of such a class it
//     attaches the HTTPRoutes whose parentRefs name the Gateway and that
//     a listener's allowedRoutes admits, resolves their backendRefs to
//     Services, programs the Gateway's proxy (one SYNC event from
//     "gateway-controller" to "gateway/NAMESPACE/NAME"), and then
//     reports: the Gateway's addresses and conditions Accepted and
//     Programmed, each listener's attachedRoutes and conditions, and on
//     every HTTPRoute a status.parents entry with conditions Accepted
//     and ResolvedRefs. Types and reasons are Gateway API's
//     (sigs.k8s.io/gateway-api apis/v1 gateway_types.go,
//     gatewayclass_types.go, shared_types.go); messages are the
//     implementation's own, as in every implementation.
//   - Proxy is one Gateway's data plane. Route takes one request: an HTTP
//     event from the client to "gateway/NAMESPACE/NAME", matched by
//     hostname and then by path (Exact before the longest PathPrefix, as
//     the HTTPRoute precedence rules say) to a backend Service and port.
//     No matching route answers 404; a rule whose backends did not
//     resolve answers 500, as the spec requires of invalid backends.
//
// Simplifications, named: the proxy is a data plane outside the Nodes
// (an address from 198.51.100.0/24, TEST-NET-2) that forwards into the
// cluster through the Nodes' Service rules, rather than a Deployment and
// a LoadBalancer Service of its own; only HTTP listeners, hostname and
// path matches (no header, query or method matches, filters or TLS);
// one backend per request, chosen by weight in round-robin order;
// ReferenceGrants are not modelled (cross-namespace backends are
// RefNotPermitted).
package gateway
