// Package metricsserver is metrics-server: an aggregated API server that
// scrapes each node's kubelet for resource usage (the kubelet's
// /metrics/resource endpoint) every metric resolution (15 s, its
// --metric-resolution default) and serves the latest values as
// metrics.k8s.io/v1beta1 PodMetrics and NodeMetrics. kube-apiserver
// reaches it only through the aggregation proxy (apiserver.Aggregator),
// for the APIService v1beta1.metrics.k8s.io.
//
// Its actor is "metrics-server"; the API server's PROXY events name it as
// the host it dials, "metrics-server.kube-system.svc". A stopped server
// is an APIService whose Service has no endpoint: metrics.k8s.io answers
// 503 while the core API keeps serving.
//
// Simplifications, named: the nodes to scrape come from the Source (the
// kubelets of the cluster), not from a Node informer; requests are
// answered as the aggregated server's authorizer would allow them (the
// API server has already authorized the caller).
package metricsserver
