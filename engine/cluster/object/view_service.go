package object

// ServiceView is what the EndpointSlice controller and the service proxy
// read of a Service.
type ServiceView struct {
	Name, Namespace, UID string
	Type                 string
	ClusterIP            string
	ClusterIPs           []string
	ExternalName         string
	// Selector is nil for a Service without selector (endpoints managed by
	// hand).
	Selector                 map[string]string
	Ports                    []ServicePort
	SessionAffinity          string
	ExternalTrafficPolicy    string
	InternalTrafficPolicy    string
	PublishNotReadyAddresses bool
	// LoadBalancerIngress lists status.loadBalancer.ingress IPs or hostnames.
	LoadBalancerIngress []string
}

// ServicePort is one of spec.ports.
type ServicePort struct {
	Name, Protocol string
	Port, NodePort int64
	// TargetPort is an int64 or a container port name.
	TargetPort any
}

// ViewService decodes a Service's view.
func ViewService(o *Object) ServiceView {
	spec := o.Spec()
	v := ServiceView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace, UID: o.Meta.UID,
		Type: stringAt(spec, "type"), ClusterIP: stringAt(spec, "clusterIP"),
		ClusterIPs: StringList(spec["clusterIPs"]), ExternalName: stringAt(spec, "externalName"),
		Selector:              stringMap(spec["selector"]),
		SessionAffinity:       stringAt(spec, "sessionAffinity"),
		ExternalTrafficPolicy: stringAt(spec, "externalTrafficPolicy"),
		InternalTrafficPolicy: stringAt(spec, "internalTrafficPolicy"),
	}
	v.PublishNotReadyAddresses, _ = spec["publishNotReadyAddresses"].(bool)
	for _, p := range listAt(spec, "ports") {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		sp := ServicePort{Name: stringAt(pm, "name"), Protocol: stringAt(pm, "protocol"), TargetPort: pm["targetPort"]}
		sp.Port, _ = asInt(pm["port"])
		sp.NodePort, _ = asInt(pm["nodePort"])
		v.Ports = append(v.Ports, sp)
	}
	for _, in := range listAt(o.Status(), "loadBalancer", "ingress") {
		im, _ := in.(map[string]any)
		if ip := stringAt(im, "ip"); ip != "" {
			v.LoadBalancerIngress = append(v.LoadBalancerIngress, ip)
		} else if h := stringAt(im, "hostname"); h != "" {
			v.LoadBalancerIngress = append(v.LoadBalancerIngress, h)
		}
	}
	return v
}

// EndpointSliceView is what the service proxy reads of an EndpointSlice.
type EndpointSliceView struct {
	Name, Namespace string
	// ServiceName is the kubernetes.io/service-name label.
	ServiceName string
	AddressType string
	Ports       []EndpointPort
	Endpoints   []Endpoint
}

// EndpointPort is one of ports.
type EndpointPort struct {
	Name, Protocol string
	Port           int64
}

// Endpoint is one of endpoints. Conditions follow discovery/v1: an unset
// ready means ready, an unset serving means the same as ready, an unset
// terminating means false.
type Endpoint struct {
	Addresses                         []string
	Ready, Serving, Terminating       bool
	NodeName, Zone                    string
	TargetKind, TargetName, TargetUID string
}

// ViewEndpointSlice decodes an EndpointSlice's view.
func ViewEndpointSlice(o *Object) EndpointSliceView {
	v := EndpointSliceView{
		Name: o.Meta.Name, Namespace: o.Meta.Namespace,
		ServiceName: o.Meta.Labels["kubernetes.io/service-name"],
		AddressType: stringAt(o.Content, "addressType"),
	}
	for _, p := range listAt(o.Content, "ports") {
		pm, ok := p.(map[string]any)
		if !ok {
			continue
		}
		ep := EndpointPort{Name: stringAt(pm, "name"), Protocol: stringAt(pm, "protocol")}
		ep.Port, _ = asInt(pm["port"])
		v.Ports = append(v.Ports, ep)
	}
	for _, e := range listAt(o.Content, "endpoints") {
		em, ok := e.(map[string]any)
		if !ok {
			continue
		}
		cond := mapAt(em, "conditions")
		ready, hasReady := cond["ready"].(bool)
		if !hasReady {
			ready = true
		}
		serving, hasServing := cond["serving"].(bool)
		if !hasServing {
			serving = ready
		}
		terminating, _ := cond["terminating"].(bool)
		ref := mapAt(em, "targetRef")
		v.Endpoints = append(v.Endpoints, Endpoint{
			Addresses: StringList(em["addresses"]), Ready: ready, Serving: serving, Terminating: terminating,
			NodeName: stringAt(em, "nodeName"), Zone: stringAt(em, "zone"),
			TargetKind: stringAt(ref, "kind"), TargetName: stringAt(ref, "name"), TargetUID: stringAt(ref, "uid"),
		})
	}
	return v
}
