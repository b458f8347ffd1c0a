package apiserver

import (
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// Aggregator is the API server's declared path to aggregated API servers
// (the kube-aggregator's proxy handler,
// k8s.io/kube-aggregator/pkg/apiserver/handler_proxy.go): a request for a
// group and version that an APIService delegates to a Service is
// authenticated and authorized here, then proxied to that Service, traced
// as PROXY from the replica to "NAME.NAMESPACE.svc". Serve returns the
// aggregated server's answer, or an error when it cannot be reached;
// the API server then answers 503, as the proxy's error responder does.
type Aggregator interface {
	Serve(req AggregatedRequest) (*api.Response, error)
}

// AggregatedRequest is one request proxied to an aggregated API server.
type AggregatedRequest struct {
	// APIService is the registration's name, "v1beta1.metrics.k8s.io".
	APIService string
	// Service is where it is served.
	Namespace, Service string
	Port               int64
	Info               api.RequestInfo
	User               api.UserInfo
}

// aggregatedOperation routes a request whose group and version are not
// served here to the aggregated server an APIService names, or returns
// nil when no APIService delegates them. Simplification: the APIService's
// Available condition (kept by the aggregator's availability controller)
// is not consulted; the call itself finds the server up or down.
func (r *request) aggregatedOperation() *operation {
	info := &r.info
	if info.APIPrefix != "apis" || info.APIGroup == "" || r.s.p.cfg.Aggregator == nil {
		return nil
	}
	k, ok := r.s.p.cfg.Registry.ByGroupKind("apiregistration.k8s.io", "APIService")
	if !ok {
		return nil
	}
	name := info.APIVersion + "." + info.APIGroup
	svc, _, st := r.readStored(k, "", name)
	if st != nil || svc.GetString(".spec.service.name") == "" {
		return nil
	}
	return &operation{respond: func(r *request) *api.Response {
		port := int64(443)
		if v, ok, _ := svc.Get(".spec.service.port"); ok {
			if n, ok := v.(int64); ok {
				port = n
			}
		}
		areq := AggregatedRequest{APIService: name, Namespace: svc.GetString(".spec.service.namespace"),
			Service: svc.GetString(".spec.service.name"), Port: port, Info: *info}
		if r.user != nil {
			areq.User = *r.user
		}
		resp, err := r.s.p.cfg.Aggregator.Serve(areq)
		if err != nil {
			// handler_proxy.go: responder.Error writes err with 503.
			resp = api.NewServiceUnavailable("error trying to reach service: " + err.Error()).Response()
		}
		ev := trace.Event{Time: r.now, From: r.s.name, To: trace.Actor(areq.Service + "." + areq.Namespace + ".svc"),
			Verb: trace.Proxy, Resource: info.Resource, Subresource: info.Subresource, Namespace: info.Namespace, Name: info.Name,
			Outcome: trace.Outcome{Code: resp.Code}}
		if !info.IsResourceRequest {
			ev.Name = info.Path // discovery of the group version
		}
		if resp.Code >= http.StatusBadRequest && resp.Status != nil {
			ev.Outcome = outcome(resp.Status)
		}
		r.s.p.cfg.Trace.Append(ev)
		return resp
	}}
}
