package framework

import "github.com/loopbook/loopbook/engine/cluster/object"

// podRequests computes resource.PodRequests
// (k8s.io/component-helpers/resource/helpers.go): the containers' requests
// summed; each init container's requests, plus the restartable (sidecar)
// init containers started before it, as a floor; restartable init
// containers added to the sum; pod-level requests (PodLevelResources, on by
// default since v1.34) replacing the CPU and memory sums; overhead added.
// nonZero applies the scoring defaults to containers that request no CPU or
// memory (NonMissingContainerRequests).
func podRequests(spec map[string]any) (req, nonZero Resource) {
	var sidecars, sidecarsNZ, initMax, initMaxNZ Resource
	for _, c := range listOf(spec["containers"]) {
		r, nz := containerRequests(mapOf(c))
		req.Add(&r)
		nonZero.Add(&nz)
	}
	for _, c := range listOf(spec["initContainers"]) {
		cm := mapOf(c)
		r, nz := containerRequests(cm)
		if cm["restartPolicy"] == "Always" {
			req.Add(&r)
			nonZero.Add(&nz)
			sidecars.Add(&r)
			sidecarsNZ.Add(&nz)
			r, nz = sidecars, sidecarsNZ
		} else {
			r.Add(&sidecars)
			nz.Add(&sidecarsNZ)
		}
		maxInto(&initMax, &r)
		maxInto(&initMaxNZ, &nz)
	}
	maxInto(&req, &initMax)
	maxInto(&nonZero, &initMaxNZ)
	if pod := mapOf(mapOf(spec["resources"])["requests"]); len(pod) > 0 {
		r := object.ResourcesFrom(pod)
		if pod["cpu"] != nil {
			req.MilliCPU, nonZero.MilliCPU = r.CPUMilli, r.CPUMilli
		}
		if pod["memory"] != nil {
			req.Memory, nonZero.Memory = r.Memory, r.Memory
		}
	}
	if oh := spec["overhead"]; oh != nil {
		r := ResourceFrom(object.ResourcesFrom(oh))
		req.Add(&r)
		nonZero.Add(&r)
	}
	nonZero = Resource{MilliCPU: nonZero.MilliCPU, Memory: nonZero.Memory}
	return req, nonZero
}

// containerRequests reads one container's requests, and the same with the
// scoring defaults for a missing CPU or memory request.
func containerRequests(c map[string]any) (r, nonZero Resource) {
	m := mapOf(mapOf(c["resources"])["requests"])
	r = ResourceFrom(object.ResourcesFrom(m))
	r.AllowedPodNumber = 0
	nonZero = Resource{MilliCPU: r.MilliCPU, Memory: r.Memory}
	if m["cpu"] == nil {
		nonZero.MilliCPU = DefaultMilliCPURequest
	}
	if m["memory"] == nil {
		nonZero.Memory = DefaultMemoryRequest
	}
	return r, nonZero
}

func maxInto(dst, o *Resource) {
	dst.MilliCPU = max(dst.MilliCPU, o.MilliCPU)
	dst.Memory = max(dst.Memory, o.Memory)
	dst.EphemeralStorage = max(dst.EphemeralStorage, o.EphemeralStorage)
	for k, v := range o.ScalarResources {
		if dst.ScalarResources == nil {
			dst.ScalarResources = map[string]int64{}
		}
		dst.ScalarResources[k] = max(dst.ScalarResources[k], v)
	}
}
