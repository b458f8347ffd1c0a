package metricsserver

import (
	"net/http"
	"slices"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/cluster/apiserver/selector"
	"github.com/loopbook/loopbook/engine/cluster/object"
)

// GroupVersion is what the server serves.
const GroupVersion = "metrics.k8s.io/v1beta1"

// Serve implements apiserver.Aggregator: get and list of pods and nodes
// in metrics.k8s.io/v1beta1 (pkg/api/pod.go and node.go of
// metrics-server). A stopped server cannot be reached.
func (s *Server) Serve(req apiserver.AggregatedRequest) (*api.Response, error) {
	if !s.running {
		return nil, errNoEndpoints
	}
	info := req.Info
	if !info.IsResourceRequest && info.Verb == "get" {
		return discovery(), nil
	}
	if info.Verb != "get" && info.Verb != "list" {
		return api.NewMethodNotSupported(api.GroupResource{Group: "metrics.k8s.io", Resource: info.Resource}, info.Verb).Response(), nil
	}
	var items []*object.Object
	switch info.Resource {
	case "pods":
		items = s.podItems(info.Namespace)
	case "nodes":
		items = s.nodeItems()
	default:
		return &api.Response{Code: http.StatusNotFound, Status: &api.Status{Code: http.StatusNotFound,
			Reason: api.ReasonNotFound, Message: "the server could not find the requested resource"}}, nil
	}
	if info.Verb == "get" {
		for _, o := range items {
			if o.Meta.Name == info.Name {
				return &api.Response{Code: http.StatusOK, Object: o}, nil
			}
		}
		// pkg/api/pod.go: NewNotFound(metrics.Resource("pods"), name).
		return api.NewNotFound(api.GroupResource{Group: "metrics.k8s.io", Resource: info.Resource}, info.Name).Response(), nil
	}
	sel, err := selector.ParseLabels(info.LabelSelector)
	if err != nil {
		return api.NewBadRequest(err.Error()).Response(), nil
	}
	out := items[:0]
	for _, o := range items {
		if sel.Matches(o.Meta.Labels) {
			out = append(out, o)
		}
	}
	return &api.Response{Code: http.StatusOK, Items: out}, nil
}

// errNoEndpoints is the proxy's error for a Service with no endpoint.
var errNoEndpoints = noEndpoints{}

type noEndpoints struct{}

func (noEndpoints) Error() string { return `no endpoints available for service "metrics-server"` }

// podItems are the PodMetrics of a namespace ("" for all), sorted.
func (s *Server) podItems(ns string) []*object.Object {
	var out []*object.Object
	for _, p := range s.pods {
		if ns != "" && p.usage.Namespace != ns {
			continue
		}
		o := object.New(GroupVersion, "PodMetrics")
		o.Meta.Name, o.Meta.Namespace, o.Meta.Labels = p.usage.Name, p.usage.Namespace, p.usage.Labels
		o.Content["timestamp"] = p.at.RFC3339()
		o.Content["window"] = Resolution.String()
		var cs []any
		for _, c := range p.usage.Containers {
			cs = append(cs, map[string]any{"name": c.Name, "usage": usage(c.CPUMillis, c.MemoryBytes)})
		}
		o.Content["containers"] = cs
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *object.Object) int { return strings.Compare(a.Key(), b.Key()) })
	return out
}

// nodeItems are the NodeMetrics, sorted.
func (s *Server) nodeItems() []*object.Object {
	var out []*object.Object
	for name, n := range s.nodes {
		o := object.New(GroupVersion, "NodeMetrics")
		o.Meta.Name = name
		o.Content["timestamp"] = n.at.RFC3339()
		o.Content["window"] = Resolution.String()
		o.Content["usage"] = usage(n.cpu, n.memory)
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b *object.Object) int { return strings.Compare(a.Meta.Name, b.Meta.Name) })
	return out
}

func usage(cpuMillis, memory int64) map[string]any {
	return map[string]any{
		"cpu":    object.NewMilliQuantity(cpuMillis, object.DecimalSI).String(),
		"memory": object.NewQuantity(memory, object.BinarySI).String(),
	}
}
