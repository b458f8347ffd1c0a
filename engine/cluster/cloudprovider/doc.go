// Package cloudprovider is the cloud side of Service type LoadBalancer
// (the source course's conversation 17): a provider outside Kubernetes
// that creates load balancers, and the cloud-controller-manager's
// service controller that asks it for one.
//
//   - Provider is the cloud's load-balancer API. EnsureLoadBalancer is
//     one EXTERNAL event from "service-controller" to "cloud-provider",
//     detail "create load balancer NAME", and gives the balancer an
//     address from 203.0.113.0/24 (TEST-NET-3). A balancer forwards each
//     connection to the Service's node port on the next Node in
//     round-robin order (as an external balancer in front of the nodes'
//     Service rules does); Forward records the HTTP hop from the client
//     to "lb/NAME".
//   - ServiceController is cloud-controller-manager's service controller
//     (k8s.io/cloud-provider/controllers/service): it watches Services
//     and Nodes, and for each Service of type LoadBalancer without an
//     ingress it records EnsuringLoadBalancer, calls the provider, and
//     writes status.loadBalancer.ingress with an update of
//     services/status, recording EnsuredLoadBalancer. Its actor and
//     ServiceAccount are "service-controller".
//
// Load balancer names are cloudprovider.DefaultLoadBalancerName: "a"
// and the Service's UID without dashes, cut to 32 characters.
//
// Simplifications, named: no health checks of nodes; balancers are not
// deleted or updated when the Service changes.
package cloudprovider
