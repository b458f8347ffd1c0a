package scenario

import (
	"net/url"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/apiserver"
	"github.com/loopbook/loopbook/engine/scenario/kubectl"
)

// kubeconfig is the client configuration of user: the cluster
// "kubernetes" at the endpoint, the user with its token, and the context
// "USER@kubernetes" — the names kubeadm writes into the kubeconfigs it
// generates (cmd/kubeadm/app/phases/kubeconfig/kubeconfig.go: contexts
// are named USER@CLUSTER; DefaultClusterName is "kubernetes"). The
// application in a Pod has no kubeconfig: kubectl there uses the
// in-cluster configuration, the kubernetes Service's address.
func (s *Session) kubeconfig(user string) kubectl.Kubeconfig {
	if strings.HasPrefix(user, "pod/") {
		return kubectl.Kubeconfig{InCluster: true, Server: "https://" + api.KubernetesServiceHost}
	}
	host := apiserver.DefaultEndpointAddress
	if e, ok := s.Cluster.Env().Endpoint.(interface{ Address() string }); ok {
		host = e.Address()
	}
	return kubectl.Kubeconfig{Cluster: "kubernetes", User: user, Context: user + "@kubernetes",
		Server: "https://" + host, Token: true}
}

// refusedOutput is kubectl's message for a connection nobody accepted,
// naming the server's host:port as the failed URL carries it
// (k8s.io/kubectl/pkg/cmd/util/helpers.go, StandardErrorMessage: "The
// connection to the server %s was refused - did you specify the right
// host or port?", with the url.Error's URL host).
func refusedOutput(message string) string {
	host := ""
	if _, rest, ok := strings.Cut(message, `"`); ok {
		if u, _, ok := strings.Cut(rest, `"`); ok {
			if p, err := url.Parse(u); err == nil {
				host = p.Host
			}
		}
	}
	return "The connection to the server " + host + " was refused - did you specify the right host or port?"
}
