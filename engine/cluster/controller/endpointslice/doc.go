// Package endpointslice is kube-controller-manager's EndpointSlice
// controller ("endpointslice-controller"): it turns the Pods a Service
// selects into EndpointSlices, through the API, for service proxies to
// read. It follows pkg/controller/endpointslice/endpointslice_controller.go
// and the reconciler of k8s.io/endpointslice (reconciler.go, utils.go,
// util/) at Kubernetes v1.37.
//
// What it writes, for a Service with a selector (not ExternalName):
//
//   - Slices with generateName "<service>-", the Service as controller
//     owner (apiVersion v1, controller and blockOwnerDeletion true), the
//     Service's labels plus kubernetes.io/service-name and
//     endpointslice.kubernetes.io/managed-by: endpointslice-controller.k8s.io
//     (and service.kubernetes.io/headless for a Service without a
//     cluster IP), addressType from the Service's IP families, and the
//     annotation endpoints.kubernetes.io/last-change-trigger-time.
//   - Ports: each Service port resolved against the Pod — a numeric
//     targetPort as it is, a named one looked up among the containers'
//     ports of the same protocol; a port that does not resolve is left
//     out, and Pods whose ports resolve differently go to different slices.
//   - Endpoints for Pods that are not Succeeded or Failed and have an IP,
//     terminating ones included: addresses (the Pod's IPs of the slice's
//     family), conditions serving = the Pod's Ready condition, terminating
//     = deletionTimestamp set, ready = serving and not terminating (always
//     true with publishNotReadyAddresses), nodeName, zone (the Node's
//     topology.kubernetes.io/zone label), hostname (when the Pod's
//     subdomain names the Service), targetRef to the Pod. A Pod whose Node
//     is unknown is skipped and the Service retried, unless the Service
//     publishes not-ready addresses.
//   - At most MaxEndpointsPerSlice (100) endpoints a slice. Changes are
//     placed with minimal churn: endpoints stay in the slice that has them,
//     new ones fill slices being updated anyway (fullest first), then the
//     unchanged slice they fill most closely, then new slices; a create and
//     a delete in one sync become one update. A Service with no endpoints
//     keeps one empty placeholder slice.
//
// When it syncs: a Service is queued on every Service event, on a change
// of a selected Pod's labels, readiness, IPs, hostname or deletion (after
// --endpointslice-updates-batch-period, default 0), and 1 s after a change
// to one of its slices that the controller did not make itself (tracked by
// generation, EndpointSliceTracker). When the slice cache lags behind the
// controller's own writes, the sync fails with "EndpointSlice informer
// cache is out of date" and is retried with back-off (1 s doubling to
// 1000 s, at most 15 retries). Five workers (--concurrent-service-endpoint-syncs).
//
// Trace: one RECONCILE event per Service sync (resource "services"), and
// the API calls it makes.
//
// Simplifications: Kubernetes picks endpoints and slices from Go maps and
// sets, in no fixed order; the model uses the Pods' name order and the
// slices' cache order, so its choices are deterministic and among those
// Kubernetes could make. Topology hints and trafficDistribution, EndpointSlice
// mirroring, sidecar (restartable init) container ports, the metrics and the
// Warning events on failures are not modelled; the Pod queue is folded into
// the Pod event handler.
package endpointslice
