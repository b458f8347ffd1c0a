package metricsserver

import (
	"encoding/json"
	"net/http"

	"github.com/loopbook/loopbook/engine/cluster/api"
)

// discovery is the APIResourceList metrics-server serves at
// /apis/metrics.k8s.io/v1beta1 (pkg/api/install.go registers nodes and
// pods with the get and list verbs; the kinds are NodeMetrics and
// PodMetrics, neither with a singular name).
func discovery() *api.Response {
	type resource struct {
		Name         string   `json:"name"`
		SingularName string   `json:"singularName"`
		Namespaced   bool     `json:"namespaced"`
		Kind         string   `json:"kind"`
		Verbs        []string `json:"verbs"`
	}
	b, _ := json.Marshal(struct {
		Kind         string     `json:"kind"`
		APIVersion   string     `json:"apiVersion"`
		GroupVersion string     `json:"groupVersion"`
		Resources    []resource `json:"resources"`
	}{"APIResourceList", "v1", GroupVersion, []resource{
		{Name: "nodes", Kind: "NodeMetrics", Verbs: []string{"get", "list"}},
		{Name: "pods", Namespaced: true, Kind: "PodMetrics", Verbs: []string{"get", "list"}},
	}})
	return &api.Response{Code: http.StatusOK, Raw: b}
}
