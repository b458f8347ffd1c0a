package kubelet

import (
	"github.com/loopbook/loopbook/engine/cluster/env"
	"github.com/loopbook/loopbook/engine/cluster/runtime"
)

// Config configures the kubelet of one node. Env, Node and Runtime are
// required.
type Config struct {
	Env  *env.Env
	Node string
	// Token is the kubelet's credential (auth.Authenticator.NodeToken):
	// it authenticates as system:node:NODE in system:nodes.
	Token string
	// Runtime is the node's container runtime, the kubelet's CRI.
	Runtime *runtime.Runtime
	// InternalIP is the node's address (status.addresses InternalIP), which
	// the API server dials for logs and exec; default "10.0.1.1".
	InternalIP string
	// Capacity is the machine's capacity, as the fixture gives it
	// ({cpu: "4", memory: 8Gi, pods: 110}). Missing entries take the
	// kubelet's defaults: pods 110 (maxPods), ephemeral-storage
	// DefaultEphemeralStorage, hugepages-1Gi and hugepages-2Mi 0; cpu and
	// memory default to DefaultCPU and DefaultMemory.
	Capacity map[string]string
	// Labels are added to the kubelet's own node labels (--node-labels).
	Labels map[string]string
	// PodCIDR is the node's Pod range (--pod-cidr), default
	// "10.244.0.0/24". The runtime's CNI plugin allocates Pod IPs from it:
	// give the runtime the same. The kubelet does not write it to the Node
	// (node IPAM in kube-controller-manager sets spec.podCIDR).
	PodCIDR string
	// NodeInfo overrides the reported system information; zero fields
	// take DefaultNodeInfo's.
	NodeInfo NodeInfo
	// Tokens issues the bound ServiceAccount tokens projected into Pods;
	// nil means no token is requested and projected token files are empty
	// (see TokenSource).
	Tokens TokenSource
	// CSI are the node plugins of the CSI drivers the node runs, by
	// driver name; nil means the kubelet makes no CSI calls (and reads no
	// claims) before starting containers.
	CSI map[string]CSINodePlugin
}

// NodeInfo is the system information a node reports (status.nodeInfo).
// The machine and system UUIDs are drawn when the kubelet is made and the
// boot ID at every boot, unless set here.
type NodeInfo struct {
	MachineID, SystemUUID, BootID string
	KernelVersion, OSImage        string
	OperatingSystem, Architecture string
	ContainerRuntimeVersion       string
	KubeletVersion                string
}

// Defaults of a node the fixture says nothing about. The capacities are
// illustrative; the versions are those the model follows.
const (
	DefaultCPU              = "4"
	DefaultMemory           = "8Gi"
	DefaultMaxPods          = "110"         // pkg/kubelet/apis/config/v1beta1/defaults.go, MaxPods
	DefaultEphemeralStorage = "104857600Ki" // a 100 GiB root filesystem, as cAdvisor reports it in Ki
	KubeletVersion          = "v1.37.0"
	KubeletPort             = 10250 // ports.KubeletPort, status.daemonEndpoints
)

// DefaultNodeInfo returns the system information of a model node: an
// Ubuntu 24.04 amd64 machine running containerd.
func DefaultNodeInfo() NodeInfo {
	return NodeInfo{
		KernelVersion: "6.8.0-87-generic", OSImage: "Ubuntu 24.04.3 LTS",
		OperatingSystem: "linux", Architecture: "amd64",
		ContainerRuntimeVersion: "containerd://" + runtime.Version,
		KubeletVersion:          KubeletVersion,
	}
}

func (c *Config) nodeInfo() NodeInfo {
	d := DefaultNodeInfo()
	o := c.NodeInfo
	for _, f := range []struct {
		dst *string
		v   string
	}{
		{&d.MachineID, o.MachineID}, {&d.SystemUUID, o.SystemUUID}, {&d.BootID, o.BootID},
		{&d.KernelVersion, o.KernelVersion}, {&d.OSImage, o.OSImage},
		{&d.OperatingSystem, o.OperatingSystem}, {&d.Architecture, o.Architecture},
		{&d.ContainerRuntimeVersion, o.ContainerRuntimeVersion}, {&d.KubeletVersion, o.KubeletVersion},
	} {
		if f.v != "" {
			*f.dst = f.v
		}
	}
	return d
}
