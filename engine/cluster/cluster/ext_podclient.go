package cluster

import (
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/client"
	"github.com/loopbook/loopbook/engine/cluster/kubelet"
	"github.com/loopbook/loopbook/engine/cluster/podclient"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// ProjectTokenAnnotation on a ServiceAccount among the fixture's objects,
// set to "true", makes the kubelets project real bound tokens for the
// Pods that run as it: each such Pod's kubelet POSTs a TokenRequest to
// serviceaccounts/NAME/token before the Pod starts. Pods of other
// ServiceAccounts get an empty token file, as in fixtures without it.
const ProjectTokenAnnotation = "podclient.loopbook.dev/project-token"

// tokenGate is the kubelets' TokenSource when the fixture opts in: it
// asks the API server for the opted-in ServiceAccounts ("NS/NAME") only.
type tokenGate struct {
	api     kubelet.TokenSource
	optedIn []string
}

// Token implements kubelet.TokenSource.
func (g tokenGate) Token(c *client.Client, req kubelet.TokenRequest) (string, error) {
	if _, ok := slices.BinarySearch(g.optedIn, req.Namespace+"/"+req.ServiceAccount); !ok {
		return "", nil
	}
	return g.api.Token(c, req)
}

// buildTokens turns on token projection for the fixture's opted-in
// ServiceAccounts; it leaves the kubelets without a TokenSource when
// there are none.
func (c *Cluster) buildTokens() {
	var opted []string
	for _, o := range c.cfg.Objects {
		if o.Kind == "ServiceAccount" && o.APIVersion == "v1" && o.Meta.Annotations[ProjectTokenAnnotation] == "true" {
			ns := o.Meta.Namespace
			if ns == "" {
				ns = "default"
			}
			opted = append(opted, ns+"/"+o.Meta.Name)
		}
	}
	if len(opted) == 0 {
		return
	}
	slices.Sort(opted)
	c.ext.tokens = tokenGate{api: kubelet.APITokens(c.env.Kind("", "ServiceAccount")), optedIn: opted}
}

// PodClient is the API client of the application in the Pod
// namespace/name: its requests read the Pod's projected token and reach
// an API server through the `kubernetes` Service's rules on the Pod's
// node (see package podclient). Its trace actor is "pod/NS/NAME". It
// returns nil when the Pod is not stored.
func (c *Cluster) PodClient(namespace, name string) *client.Client {
	p := c.Object("", "Pod", namespace, name)
	if p == nil {
		return nil
	}
	if c.ext.pods == nil {
		c.ext.pods = podclient.New(podclient.Config{Loop: c.env.Loop, Log: c.env.Log, Rand: c.env.Rand, Net: c.net,
			ReadFile: c.podFile, Dial: c.dialAPIServer})
	}
	ep := c.ext.pods.Endpoint(podclient.Pod{Namespace: namespace, Name: name,
		IP: p.GetString(".status.podIP"), Node: p.GetString(".spec.nodeName")})
	return client.New(trace.Pod(namespace, name), "", ep, c.env.Loop, c.env.Rand)
}

// podFile reads a file of the Pod's first running container through
// its node's runtime: the application reading its own filesystem.
func (c *Cluster) podFile(namespace, name, path string) (string, bool) {
	p := c.Object("", "Pod", namespace, name)
	if p == nil {
		return "", false
	}
	n := c.Node(p.GetString(".spec.nodeName"))
	if n == nil {
		return "", false
	}
	for _, ct := range n.Runtime.ListContainers(nil, p.Meta.UID) {
		if res, err := n.Runtime.ExecSync(ct.ID, []string{"cat", path}); err == nil {
			if res.ExitCode != 0 {
				return "", true
			}
			return res.Stdout, true
		}
	}
	return "", false
}

// dialAPIServer is the API server replica listening at ip, if any.
func (c *Cluster) dialAPIServer(ip string) (trace.Actor, api.Endpoint) {
	for _, s := range c.plane.Servers() {
		if s.Address() == ip {
			return s.Name(), s
		}
	}
	return "", nil
}
