package framework

import (
	"maps"
	"slices"

	"github.com/loopbook/loopbook/engine/cluster/object"
)

// Resource is a set of quantities the scheduler adds and compares
// (k8s.io/kubernetes/pkg/scheduler/framework/types.go, Resource): CPU in
// millicores, memory and ephemeral storage in bytes, the number of Pods a
// node allows, and every other resource (extended resources such as
// nvidia.com/gpu, hugepages) by name.
type Resource struct {
	MilliCPU         int64
	Memory           int64
	EphemeralStorage int64
	AllowedPodNumber int64
	ScalarResources  map[string]int64
}

// ResourceFrom converts a resource list of the object model.
func ResourceFrom(r object.Resources) Resource {
	out := Resource{MilliCPU: r.CPUMilli, Memory: r.Memory, EphemeralStorage: r.EphemeralStorage, AllowedPodNumber: r.Pods}
	if len(r.Other) > 0 {
		out.ScalarResources = maps.Clone(r.Other)
	}
	return out
}

// Add adds o to r in place (AllowedPodNumber is not a request and is left
// alone).
func (r *Resource) Add(o *Resource) {
	r.MilliCPU += o.MilliCPU
	r.Memory += o.Memory
	r.EphemeralStorage += o.EphemeralStorage
	for k, v := range o.ScalarResources {
		if r.ScalarResources == nil {
			r.ScalarResources = map[string]int64{}
		}
		r.ScalarResources[k] += v
	}
}

// Sub subtracts o from r in place.
func (r *Resource) Sub(o *Resource) {
	r.MilliCPU -= o.MilliCPU
	r.Memory -= o.Memory
	r.EphemeralStorage -= o.EphemeralStorage
	for k, v := range o.ScalarResources {
		if r.ScalarResources != nil {
			r.ScalarResources[k] -= v
		}
	}
}

// IsZero reports whether nothing is requested.
func (r *Resource) IsZero() bool {
	if r.MilliCPU != 0 || r.Memory != 0 || r.EphemeralStorage != 0 {
		return false
	}
	for _, v := range r.ScalarResources {
		if v != 0 {
			return false
		}
	}
	return true
}

// ScalarNames returns the names of the scalar resources, sorted, so that
// messages about them come in a fixed order (Kubernetes iterates a map).
func (r *Resource) ScalarNames() []string {
	return slices.Sorted(maps.Keys(r.ScalarResources))
}
