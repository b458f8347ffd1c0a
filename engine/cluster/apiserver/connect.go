package apiserver

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/loopbook/loopbook/engine/cluster/api"
	"github.com/loopbook/loopbook/engine/cluster/object"
	"github.com/loopbook/loopbook/engine/cluster/trace"
)

// connectOperation is the connect subresources log, exec, attach and
// portforward (pkg/registry/core/pod/rest/log.go and subresources.go):
// the API server finds the Pod's node and container, then makes its own
// call to that node's kubelet through the NodeProxy, traced as PROXY,
// and answers with what the kubelet returned. Exec, attach and
// port-forward pass admission as CONNECT; logs do not (a get).
func connectOperation(sub string) *operation {
	op := &operation{respond: serveConnect}
	if sub != "log" {
		op.admission = api.OpConnect
	}
	return op
}

// kubelet paths, as the API server builds the kubelet URL
// (LogLocation, streamLocation, PortForwardLocation).
var kubeletPaths = map[string]string{
	"log": "containerLogs", "exec": "exec", "attach": "attach", "portforward": "portForward",
}

func serveConnect(r *request) *api.Response {
	sub := r.info.Subresource
	pods := r.podKind()
	pod, _, st := r.readStored(pods, r.info.Namespace, r.info.Name)
	if st != nil {
		return st.Response()
	}
	container := ""
	if sub != "portforward" {
		c, st := validateContainer(r.req.Connect.Container, pod)
		if st != nil {
			return st.Response()
		}
		container = c
	}
	node := pod.GetString(".spec.nodeName")
	if node == "" {
		if sub == "log" {
			return &api.Response{Code: http.StatusOK, Raw: []byte{}} // an empty location: an empty stream
		}
		return api.NewBadRequest(fmt.Sprintf("pod %s does not have a host assigned", pod.Meta.Name)).Response()
	}
	addr, st := r.kubeletAddress(node)
	if st != nil {
		return st.Response()
	}
	path := "/" + kubeletPaths[sub] + "/" + pod.Meta.Namespace + "/" + pod.Meta.Name
	if container != "" {
		path += "/" + container
	}
	u := (&url.URL{Scheme: "https", Host: addr, Path: path}).String()
	preq := ProxyRequest{Subresource: sub, Namespace: pod.Meta.Namespace, Pod: pod.Meta.Name, UID: pod.Meta.UID,
		Container: container, Options: r.req.Connect, Address: addr, URL: u}
	var body []byte
	var err error
	if np := r.s.p.cfg.NodeProxy; np != nil {
		body, err = np.Proxy(node, preq)
	} else {
		err = fmt.Errorf("dial tcp %s: connect: connection refused", addr)
	}
	ans := r.proxyAnswer(sub, u, body, err)
	pev := trace.Event{Time: r.now, From: r.s.name, To: trace.Kubelet(node), Verb: trace.Proxy, Resource: "pods",
		Subresource: sub, Namespace: pod.Meta.Namespace, Name: pod.Meta.Name, Outcome: trace.Outcome{Code: ans.Code}}
	if !ans.OK() {
		pev.Outcome = outcome(ans.Status)
	}
	r.s.p.cfg.Trace.Append(pev)
	return ans
}

// proxyAnswer turns the kubelet's answer into the API server's: a
// kubelet error passes through; an unreachable kubelet is 500 worded as
// the transport's error — the log streamer's "Get URL: …", the
// upgrade-aware proxy's "error dialing backend: …"
// (k8s.io/apimachinery/pkg/util/proxy/upgradeaware.go).
func (r *request) proxyAnswer(sub, u string, body []byte, err error) *api.Response {
	if err == nil {
		return &api.Response{Code: http.StatusOK, Raw: body}
	}
	if st, ok := err.(*api.Status); ok {
		return st.Response()
	}
	if sub == "log" {
		return plainError(fmt.Sprintf("Get %q: %v", u, err)).Response()
	}
	return plainError(fmt.Sprintf("error dialing backend: %v", err)).Response()
}

// kubeletAddress is the node's InternalIP and the kubelet port, as the
// API server resolves it with kubeadm's --kubelet-preferred-address-types
// (InternalIP first).
func (r *request) kubeletAddress(node string) (string, *api.Status) {
	nodes, _ := r.s.p.cfg.Registry.ByResource("", "nodes")
	n, _, st := r.readStored(nodes, "", node)
	if st != nil {
		return "", st
	}
	v := object.ViewNode(n)
	ip := v.InternalIP()
	if ip == "" {
		var known []string
		for _, a := range v.Addresses {
			known = append(known, a.Type+":"+a.Address)
		}
		return "", plainError(fmt.Sprintf("no preferred addresses found; known addresses: [%s]", strings.Join(known, " ")))
	}
	return net.JoinHostPort(ip, KubeletPort), nil
}

// validateContainer picks the container of a connect request
// (pkg/registry/core/pod/strategy.go, validateContainer): the only one
// when none is named, 400 when the Pod has several or the name is not one
// of its containers.
func validateContainer(name string, pod *object.Object) (string, *api.Status) {
	v := object.ViewPod(pod)
	if name == "" {
		switch len(v.Containers) {
		case 1:
			return v.Containers[0].Name, nil
		case 0:
			return "", api.NewBadRequest(fmt.Sprintf("a container name must be specified for pod %s", pod.Meta.Name))
		}
		var names []string
		for _, c := range v.InitContainers {
			names = append(names, c.Name)
		}
		for _, c := range v.Containers {
			names = append(names, c.Name)
		}
		return "", api.NewBadRequest(fmt.Sprintf("a container name must be specified for pod %s, choose one of: %v", pod.Meta.Name, names))
	}
	for _, list := range [][]object.ContainerView{v.InitContainers, v.Containers} {
		for _, c := range list {
			if c.Name == name {
				return name, nil
			}
		}
	}
	return "", api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", name, pod.Meta.Name))
}
