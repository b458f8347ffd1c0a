package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
)

// Registry is the API server's way to the kubelets (apiserver.NodeProxy):
// the kubelets of a cluster by node name. A node whose kubelet is unknown
// or not running does not answer: the call fails as the dial would, "dial
// tcp ADDRESS: connect: no route to host", and the API server wraps that
// as Kubernetes does (for logs: `Get "https://ADDRESS/containerLogs/…":
// dial tcp …`). The assembly of a cluster builds it and gives it to the
// API server; no kubelet calls another through it.
type Registry struct {
	kubelets map[string]*Kubelet
}

// NewRegistry returns a registry of kubelets.
func NewRegistry(kubelets ...*Kubelet) *Registry {
	r := &Registry{kubelets: map[string]*Kubelet{}}
	for _, k := range kubelets {
		r.Add(k)
	}
	return r
}

// Add registers a kubelet under its node's name.
func (r *Registry) Add(k *Kubelet) { r.kubelets[k.cfg.Node] = k }

// Proxy implements apiserver.NodeProxy.
func (r *Registry) Proxy(node string, req apiserver.ProxyRequest) ([]byte, error) {
	k, ok := r.kubelets[node]
	if !ok {
		return nil, errNoRoute(req.Address)
	}
	return k.Serve(req)
}

var _ apiserver.NodeProxy = (*Registry)(nil)
