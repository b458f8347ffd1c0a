package endpointslice

import (
	"maps"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Labels and values of managed slices (k8s.io/api/discovery/v1
// well_known_labels.go, k8s.io/api/core/v1 well_known_labels.go).
const (
	LabelServiceName = "kubernetes.io/service-name"
	LabelManagedBy   = "endpointslice.kubernetes.io/managed-by"
	LabelHeadless    = "service.kubernetes.io/headless"
	// ManagedBy is the controller's managed-by value
	// (pkg/controller/endpointslice/endpointslice_controller.go,
	// ControllerName).
	ManagedBy = "endpointslice-controller.k8s.io"
	// AnnotationTriggerTime is v1.EndpointsLastChangeTriggerTime.
	AnnotationTriggerTime = "endpoints.kubernetes.io/last-change-trigger-time"
)

// slice is an EndpointSlice being reconciled: a stored one (base set) or
// a new one (base nil, written with generateName).
type slice struct {
	base        *object.Object
	name        string
	labels      map[string]string
	addressType string
	ports       []port
	endpoints   []endpoint
}

// sliceFrom reads a stored slice.
func sliceFrom(o *object.Object) *slice {
	s := &slice{base: o, name: o.Meta.Name, labels: o.Meta.Labels}
	s.addressType, _ = o.Content["addressType"].(string)
	for _, p := range listOf(o.Content["ports"]) {
		s.ports = append(s.ports, portFrom(p))
	}
	for _, e := range listOf(o.Content["endpoints"]) {
		s.endpoints = append(s.endpoints, endpointFrom(e))
	}
	return s
}

// copy returns a slice that can be changed without touching s.
func (s *slice) copy() *slice {
	c := *s
	c.endpoints = append([]endpoint(nil), s.endpoints...)
	return &c
}

// newSlice is utils.go newEndpointSlice: generateName "<service>-", the
// Service as controller owner, its labels, the given ports and address
// type, no endpoints yet.
func newSlice(svc *object.Object, ports []port, addressType string) *slice {
	return &slice{labels: sliceLabels(svc), addressType: addressType, ports: ports}
}

// sliceLabels is setEndpointSliceLabels: the Service's labels except the
// reserved ones, the headless label for a Service without a cluster IP,
// and the service-name and managed-by labels.
func sliceLabels(svc *object.Object) map[string]string {
	out := map[string]string{}
	for k, v := range svc.Meta.Labels {
		if !reservedLabel(k) {
			out[k] = v
		}
	}
	if ip := svc.GetString(".spec.clusterIP"); ip == "" || ip == "None" {
		out[LabelHeadless] = ""
	}
	out[LabelServiceName] = svc.Meta.Name
	out[LabelManagedBy] = ManagedBy
	return out
}

// labelsChanged reports whether a slice's labels other than the reserved
// ones differ from the Service's (setEndpointSliceLabels' "updated").
func labelsChanged(s *slice, svc *object.Object) bool {
	a, b := map[string]string{}, map[string]string{}
	for k, v := range s.labels {
		if !reservedLabel(k) {
			a[k] = v
		}
	}
	for k, v := range svc.Meta.Labels {
		if !reservedLabel(k) {
			b[k] = v
		}
	}
	return !maps.Equal(a, b)
}

func reservedLabel(k string) bool {
	return k == LabelServiceName || k == LabelManagedBy || k == LabelHeadless
}

// object renders the slice to write: a stored slice keeps its metadata
// (resourceVersion included, so the update is conditional); a new one
// gets generateName and the owner reference
// (metav1.NewControllerRef(service, v1 Service)). The object shares
// nothing with the stored slice or s, so a write may take it as it is.
func (s *slice) object(svc *object.Object) *object.Object {
	var o *object.Object
	if s.base != nil {
		o = &object.Object{APIVersion: s.base.APIVersion, Kind: s.base.Kind, Meta: s.base.Meta.DeepCopy(),
			Content: make(map[string]any, len(s.base.Content))}
		for k, v := range s.base.Content {
			if k != "ports" && k != "endpoints" { // rendered below: not worth a copy
				o.Content[k] = object.DeepCopyValue(v)
			}
		}
	} else {
		o = object.New("discovery.k8s.io/v1", "EndpointSlice")
		o.Meta.Namespace = svc.Meta.Namespace
		o.Meta.OwnerReferences = []object.OwnerReference{object.NewControllerRef(svc, "v1", "Service")}
		if s.name != "" {
			o.Meta.Name = s.name
		} else {
			o.Meta.GenerateName = generateNamePrefix(svc.Meta.Name)
		}
	}
	o.Meta.Labels = maps.Clone(s.labels)
	o.Content["addressType"] = s.addressType
	if len(s.ports) > 0 {
		ports := make([]any, len(s.ports))
		for i, p := range s.ports {
			ports[i] = p.tree()
		}
		o.Content["ports"] = ports
	} else {
		delete(o.Content, "ports")
	}
	eps := make([]any, len(s.endpoints))
	for i := range s.endpoints {
		eps[i] = s.endpoints[i].tree()
	}
	o.Content["endpoints"] = eps
	return o
}

// generateNamePrefix is getEndpointSlicePrefix: "<service>-", or the name
// alone when the prefix is not a valid name prefix (NameIsDNSSubdomain in
// prefix mode, which validates it with its trailing dash masked:
// k8s.io/apimachinery/pkg/api/validation/generic.go, maskTrailingDash).
func generateNamePrefix(service string) string {
	prefix := service + "-"
	masked := prefix
	if len(prefix) > 1 {
		masked = prefix[:len(prefix)-2] + "a"
	}
	if len(object.IsDNS1123Subdomain(masked)) != 0 {
		return service
	}
	return prefix
}

// ownedBy reports whether the slice names the Service as an owner (utils.go,
// ownedBy).
func ownedBy(s *slice, svc *object.Object) bool {
	if s.base == nil {
		return true
	}
	for _, r := range s.base.Meta.OwnerReferences {
		if r.UID == svc.Meta.UID && r.Kind == "Service" && r.APIVersion == "v1" {
			return true
		}
	}
	return false
}
