package apiserver

import (
	"slices"
	"sync"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// systemNamespaces are the namespaces kube-apiserver's system namespaces
// controller creates (pkg/controlplane/controller/systemnamespaces:
// kube-system, kube-public, kube-node-lease; and default by the
// bootstrap controller).
var systemNamespaces = []string{"default", "kube-system", "kube-public", "kube-node-lease"}

// sharedValid holds the shared bootstrap objects (Config.SharedBootstrap)
// that a plane has stored after validating them. Their content and names
// are shared and never change, and what a plane adds (a uid, a creation
// time, a resourceVersion) is valid by construction, so the next plane
// stores them without validating them again.
var sharedValid sync.Map // *object.Object → struct{}

// bootstrap writes what a fresh kube-apiserver writes: the system
// namespaces, the kubernetes Service in default (the first address of
// the service range, port 443 to the API servers' 6443;
// pkg/controlplane/controller/kubernetesservice) and its EndpointSlice
// with the addresses of the replicas that are up, then
// Config.SharedBootstrap and Config.Bootstrap.
func (p *Plane) bootstrap() error {
	s := p.firstUp()
	for _, ns := range systemNamespaces {
		o := object.New("v1", "Namespace")
		o.Meta.Name = ns
		if err := s.internalCreate(o, "bootstrap"); err != nil {
			return err
		}
	}
	if err := s.internalCreate(p.kubernetesService(), "bootstrap"); err != nil {
		return err
	}
	p.slice = p.leasedAddresses()
	if err := s.internalCreate(p.kubernetesEndpointSlice(p.slice), "bootstrap"); err != nil {
		return err
	}
	for _, o := range p.cfg.SharedBootstrap {
		// Only the metadata's own fields (uid, resourceVersion, creation
		// time) are the stored object's: its labels, annotations and
		// lists are shared like the content, since no write changes a
		// stored object in place. The lists are clipped so that an append
		// copies them.
		meta := o.Meta
		meta.OwnerReferences, meta.Finalizers = slices.Clip(meta.OwnerReferences), slices.Clip(meta.Finalizers)
		shared := &object.Object{APIVersion: o.APIVersion, Kind: o.Kind, Meta: meta, Content: o.Content}
		_, valid := sharedValid.Load(o)
		if err := s.internalCreateValidating(shared, "bootstrap", !valid); err != nil {
			return err
		}
		sharedValid.Store(o, struct{}{})
	}
	for _, o := range p.cfg.Bootstrap {
		if err := s.internalCreate(o.DeepCopy(), "bootstrap"); err != nil {
			return err
		}
	}
	return nil
}

// kubernetesService is the Service in front of the API servers.
func (p *Plane) kubernetesService() *object.Object {
	o := object.New("v1", "Service")
	o.Meta.Name, o.Meta.Namespace = "kubernetes", "default"
	o.Meta.Labels = map[string]string{"component": "apiserver", "provider": "kubernetes"}
	ip := p.ips.KubernetesServiceIP().String()
	o.Content["spec"] = map[string]any{
		"type":            "ClusterIP",
		"clusterIP":       ip,
		"clusterIPs":      []any{ip},
		"sessionAffinity": "None",
		"ports": []any{map[string]any{
			"name": "https", "port": int64(443), "protocol": "TCP", "targetPort": int64(securePort),
		}},
	}
	return o
}

// kubernetesEndpointSlice lists the API servers behind the kubernetes
// Service (pkg/controlplane/reconcilers/endpointsadapter.go).
func (p *Plane) kubernetesEndpointSlice(addrs []string) *object.Object {
	o := object.New("discovery.k8s.io/v1", "EndpointSlice")
	o.Meta.Name, o.Meta.Namespace = "kubernetes", "default"
	o.Meta.Labels = map[string]string{"kubernetes.io/service-name": "kubernetes"}
	o.Content["addressType"] = "IPv4"
	o.Content["endpoints"] = sliceEndpoints(addrs)
	o.Content["ports"] = []any{map[string]any{"name": "https", "port": int64(securePort), "protocol": "TCP"}}
	return o
}

func sliceEndpoints(addrs []string) []any {
	eps := make([]any, 0, len(addrs))
	for _, a := range addrs {
		eps = append(eps, map[string]any{"addresses": []any{a}, "conditions": map[string]any{"ready": true}})
	}
	return eps
}
