// Package ingress is an Ingress controller (the "(and Ingress)" of the
// source course's conversation 18), modelled on ingress-nginx: a
// controller that watches IngressClasses, Ingresses, Services and
// EndpointSlices through the API and programs a proxy of its own, and
// that proxy, which routes data-plane requests by host and path straight
// to the backends' endpoints.
//
//   - Controller ("ingress-controller", the ServiceAccount
//     kube-system/ingress-controller) serves the IngressClasses whose
//     spec.controller is ControllerClass ("k8s.io/ingress-nginx",
//     ingress-nginx's --controller-class default). An Ingress is its own
//     when spec.ingressClassName names such a class, else when its
//     kubernetes.io/ingress.class annotation does (ingress-nginx
//     store.GetIngressClass checks in that order); an Ingress without
//     class is not served (--watch-ingress-without-class is false by
//     default), but the DefaultIngressClass admission plugin gives a new
//     one the default class when there is one. On any change it rebuilds the whole configuration
//     (one key, as ingress-nginx's syncIngress does), programs the proxy
//     (one SYNC event from "ingress-controller" to "ingress-proxy") and,
//     at start and every StatusInterval after, writes the proxy's address
//     into status.loadBalancer.ingress of its Ingresses whose status
//     differs, with a GET and an UpdateStatus each (ingress-nginx
//     internal/ingress/status/status.go, UpdateInterval 60 s).
//   - Proxy ("ingress-proxy") is the data plane: a server per host (exact
//     hosts, then "*.domain" wildcards matching one label, then the
//     catch-all server of the rules without host), and in the server the
//     path with the longest match, Exact before Prefix on equal length
//     (see Match). The request goes to a ready endpoint of the backend
//     Service, in round-robin order, as ingress-nginx's upstreams hold
//     the EndpointSlices' addresses rather than the ClusterIP. A request
//     no path matches goes to the server's default — the
//     spec.defaultBackend of the Ingress that declared the host, or of the
//     newest Ingress for the catch-all server — or to the controller's
//     default backend, which answers 404. A backend without ready
//     endpoints answers 503, as nginx does for an empty upstream.
//
// Simplifications, named: the proxy is a data plane outside the Nodes at
// an address from 192.0.2.0/24 (TEST-NET-1), standing for the address
// ingress-nginx publishes from its LoadBalancer Service
// (--publish-service), rather than a Deployment and a Service of its own;
// HTTP only (no TLS), no annotations but the class annotation, no
// regular expressions (ImplementationSpecific is nginx's plain location
// prefix, by characters), resource backends are ignored.
package ingress
