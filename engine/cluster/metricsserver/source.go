package metricsserver

// Source is metrics-server's declared path to kubelets: Scrape is one GET
// of a node's /metrics/resource, answered from its runtime's container
// statistics (the CRI's ListContainerStats). An error means the kubelet
// could not be reached.
type Source interface {
	// Nodes are the nodes to scrape, sorted.
	Nodes() []string
	Scrape(node string) ([]PodUsage, error)
}

// PodUsage is the usage of one Pod's running containers.
type PodUsage struct {
	Namespace, Name string
	Labels          map[string]string
	Containers      []ContainerUsage
}

// ContainerUsage is one container's usage.
type ContainerUsage struct {
	Name string
	// CPUMillis is the CPU usage in millicores.
	CPUMillis int64
	// MemoryBytes is the working set.
	MemoryBytes int64
}
