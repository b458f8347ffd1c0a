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
	capacity := k.capacity()
	l.machine = map[string]any{
		"addresses": []any{
			map[string]any{"type": "InternalIP", "address": k.cfg.InternalIP},
			map[string]any{"type": "Hostname", "address": k.cfg.Node},
		},
		"capacity":        stringMap(capacity),
		"allocatable":     stringMap(allocatableOf(capacity)),
		"daemonEndpoints": map[string]any{"kubeletEndpoint": map[string]any{"Port": int64(KubeletPort)}},
		"nodeInfo": map[string]any{
			"machineID": or(info.MachineID, k.machineID), "systemUUID": or(info.SystemUUID, k.systemUUID),
			"bootID":        or(info.BootID, l.bootID),
			"kernelVersion": info.KernelVersion, "osImage": info.OSImage,
			"containerRuntimeVersion": info.ContainerRuntimeVersion, "kubeletVersion": info.KubeletVersion,
			"kubeProxyVersion": "", // DisableNodeKubeProxyVersion, locked on since v1.36
			"operatingSystem":  info.OperatingSystem, "architecture": info.Architecture,
		},
		"runtimeHandlers": runtimeHandlers(),
		"features":        map[string]any{"supplementalGroupsPolicy": true},
	}
	return l.machine
}
