package apiserver

import "github.com/loopbook/loopbook/engine/cluster/api"

// KubeletPort is the port the API server dials on a node for logs, exec,
// attach and port-forward (ports.KubeletPort, 10250).
const KubeletPort = "10250"

// NodeProxy is the API server's one declared path to kubelets: it carries
// a connect subresource request (log, exec, attach, portforward) to the
// kubelet of a node and returns what the kubelet answered. Kubelets
// implement it; the API server traces each call as a PROXY event from the
// replica to "kubelet/NODE".
//
// Proxy returns the answer's body, or an error: an *api.Status when the
// kubelet answered with a failure (passed on to the client as it is), any
// other error when the kubelet could not be reached (its text is the
// dialer's, e.g. "dial tcp 10.0.1.5:10250: connect: connection refused",
// and the API server wraps it as Kubernetes does).
type NodeProxy interface {
	Proxy(node string, req ProxyRequest) ([]byte, error)
}

// ProxyRequest is one call from the API server to a kubelet.
type ProxyRequest struct {
	// Subresource is "log", "exec", "attach" or "portforward".
	Subresource         string
	Namespace, Pod, UID string
	Container           string
	Options             api.ConnectOptions
	// Address is what the API server dials: the node's InternalIP and the
	// kubelet port, "10.0.1.5:10250".
	Address string
	// URL is the kubelet URL the API server requests
	// ("https://10.0.1.5:10250/containerLogs/demo/web-1/web").
	URL string
}

// NodeProxyFunc adapts a function to NodeProxy.
type NodeProxyFunc func(node string, req ProxyRequest) ([]byte, error)

// Proxy calls f.
func (f NodeProxyFunc) Proxy(node string, req ProxyRequest) ([]byte, error) { return f(node, req) }
