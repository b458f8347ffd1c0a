package kubelet

// machineStatus is the part of the Node's status that stays the same while
// the kubelet runs: addresses, capacity and allocatable, daemon endpoints,
// nodeInfo (with this boot's ID), runtime handlers and features. It is
// built at the first status of each run of the kubelet and then shared by
// every status computed from it, so its values must never be modified:
// requests copy what they send.
func (l *life) machineStatus() map[string]any {
	if l.machine != nil {
		return l.machine
	}
	k := l.k
	info := k.cfg.nodeInfo()
	capacity, allocatable := k.resources()
	l.machine = map[string]any{
		"addresses": []any{
			map[string]any{"type": "InternalIP", "address": k.cfg.InternalIP},
			map[string]any{"type": "Hostname", "address": k.cfg.Node},
		},
		"capacity":        capacity,
		"allocatable":     allocatable,
		"daemonEndpoints": daemonEndpoints,
		"nodeInfo": map[string]any{
			"machineID": or(info.MachineID, k.machineID), "systemUUID": or(info.SystemUUID, k.systemUUID),
			"bootID":        or(info.BootID, l.bootID),
			"kernelVersion": info.KernelVersion, "osImage": info.OSImage,
			"containerRuntimeVersion": info.ContainerRuntimeVersion, "kubeletVersion": info.KubeletVersion,
			"kubeProxyVersion": "", // DisableNodeKubeProxyVersion, locked on since v1.36
			"operatingSystem":  info.OperatingSystem, "architecture": info.Architecture,
		},
		"runtimeHandlers": machineRuntimeHandlers,
		"features":        machineFeatures,
	}
	return l.machine
}

// The parts of the machine status that are the same on every node, made
// once and shared by every kubelet's status: like the rest of it, they are
// never modified.
var (
	daemonEndpoints        = map[string]any{"kubeletEndpoint": map[string]any{"Port": int64(KubeletPort)}}
	machineRuntimeHandlers = runtimeHandlers()
	machineFeatures        = map[string]any{"supplementalGroupsPolicy": true}
	// defaultCapacity and defaultAllocatable are the capacity and
	// allocatable of a machine the fixture gives no capacity.
	defaultCapacity, defaultAllocatable = machineResources(defaultCapacityOf())
)

// resources are the machine's capacity and allocatable as its status
// holds them; shared with every machine alike.
func (k *Kubelet) resources() (capacity, allocatable map[string]any) {
	if len(k.cfg.Capacity) == 0 {
		return defaultCapacity, defaultAllocatable
	}
	return machineResources(k.capacity())
}

// machineResources are capacity and the allocatable left of it, as a
// status holds them.
func machineResources(capacity map[string]string) (map[string]any, map[string]any) {
	return stringMap(capacity), stringMap(allocatableOf(capacity))
}
