package kubectl

import (
	"fmt"
	"strings"
)

// Kubeconfig is a client's configuration as the model gives it: one
// cluster, one user and the context joining them. The zero value, with
// InCluster set, is a client in a Pod with no kubeconfig, which kubectl
// configures from the Pod's ServiceAccount (rest.InClusterConfig).
type Kubeconfig struct {
	// Cluster, User and Context are the names of the entries; Context is
	// also the current context.
	Cluster, User, Context string
	// Server is the cluster's URL, "https://HOST:PORT".
	Server string
	// Token says the user authenticates with a bearer token; otherwise
	// with a client certificate.
	Token bool
	// InCluster marks a client with no kubeconfig at all.
	InCluster bool
}

// ConfigView prints `kubectl config view`: the kubeconfig as YAML with
// its keys sorted, credentials replaced as kubectl replaces them unless
// --raw is given — certificate and key data by "DATA+OMITTED", tokens by
// "REDACTED" (k8s.io/client-go/tools/clientcmd/api/helpers.go,
// ShortenConfig and RedactSecrets). A client without kubeconfig prints
// the empty configuration.
func (k Kubeconfig) ConfigView() string {
	if k.InCluster {
		return "apiVersion: v1\nclusters: null\ncontexts: null\ncurrent-context: \"\"\nkind: Config\npreferences: {}\nusers: null"
	}
	user := "    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED"
	if k.Token {
		user = "    token: REDACTED"
	}
	return strings.Join([]string{
		"apiVersion: v1",
		"clusters:",
		"- cluster:",
		"    certificate-authority-data: DATA+OMITTED",
		"    server: " + k.Server,
		"  name: " + k.Cluster,
		"contexts:",
		"- context:",
		"    cluster: " + k.Cluster,
		"    user: " + k.User,
		"  name: " + k.Context,
		"current-context: " + k.Context,
		"kind: Config",
		"preferences: {}",
		"users:",
		"- name: " + k.User,
		"  user:",
		user,
	}, "\n")
}

// CurrentContext prints `kubectl config current-context`, or the error
// kubectl prints when none is set
// (k8s.io/kubectl/pkg/cmd/config/current_context.go).
func (k Kubeconfig) CurrentContext() (string, error) {
	if k.Context == "" {
		return "", fmt.Errorf("error: current-context is not set")
	}
	return k.Context, nil
}

// ClusterInfoService is a Service `kubectl cluster-info` lists: one
// labelled kubernetes.io/cluster-service=true in kube-system.
type ClusterInfoService struct {
	// Name is the Service's kubernetes.io/name label, or its name.
	Name, Namespace, ServiceName string
	// PortName and Port are the first port's.
	PortName string
	Port     int64
	// Ingress is the load balancer's first ingress IP or host name, with
	// every port in Ports.
	Ingress string
	Ports   []int64
}

// ClusterInfoHint ends every `kubectl cluster-info`, even a failed one.
const ClusterInfoHint = "To further debug and diagnose cluster problems, use 'kubectl cluster-info dump'."

// ClusterInfo prints `kubectl cluster-info`: the control plane's address,
// one line per cluster service with its proxy URL (or its load
// balancer's), then a blank line and the hint
// (k8s.io/kubectl/pkg/cmd/clusterinfo/clusterinfo.go; the names are
// coloured on a terminal, plain here).
func ClusterInfo(server string, services []ClusterInfoService) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Kubernetes control plane is running at %s\n", server)
	for _, s := range services {
		link := ""
		if s.Ingress != "" {
			for _, p := range s.Ports {
				link += fmt.Sprintf("http://%s:%d ", s.Ingress, p)
			}
		} else {
			name := s.ServiceName
			if s.Port != 0 || s.PortName != "" {
				scheme := ""
				if s.PortName == "https" || s.Port == 443 {
					scheme = "https"
				}
				name = joinSchemeNamePort(scheme, s.ServiceName, s.PortName)
			}
			link = server + "/api/v1/namespaces/" + s.Namespace + "/services/" + name + "/proxy"
		}
		fmt.Fprintf(&b, "%s is running at %s\n", s.Name, link)
	}
	b.WriteString("\n" + ClusterInfoHint)
	return b.String()
}

// joinSchemeNamePort is apimachinery's utilnet.JoinSchemeNamePort:
// "name", "name:port" or "scheme:name:port".
func joinSchemeNamePort(scheme, name, port string) string {
	if scheme != "" {
		return scheme + ":" + name + ":" + port
	}
	if port != "" {
		return name + ":" + port
	}
	return name
}
