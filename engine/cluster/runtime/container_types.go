package runtime

import (
	"github.com/loopbook/loopbook/engine/cluster/sim"
)

// ContainerState is a container's state (ContainerState of the CRI).
type ContainerState uint8

// The container states.
const (
	StateCreated ContainerState = iota + 1
	StateRunning
	StateExited
)

var stateNames = [...]string{StateCreated: "CONTAINER_CREATED", StateRunning: "CONTAINER_RUNNING", StateExited: "CONTAINER_EXITED"}

// String returns the CRI's name of the state.
func (s ContainerState) String() string {
	if int(s) < len(stateNames) && stateNames[s] != "" {
		return stateNames[s]
	}
	return "CONTAINER_UNKNOWN"
}

// The reasons containerd gives an exited container
// (internal/cri/server/container_status.go: completeExitReason,
// errorExitReason, oomExitReason).
const (
	reasonCompleted = "Completed"
	reasonError     = "Error"
	reasonOOMKilled = "OOMKilled"
)

// ContainerConfig is what the kubelet asks a container to be.
type ContainerConfig struct {
	Name string
	// Image is the image as the Pod spec names it.
	Image string
	// Attempt is the container's restart count: the kubelet's number for
	// this instance of the container (0 for the first).
	Attempt       int
	Command, Args []string
	// Env is the container's environment, captured at creation.
	Env []EnvVar
	// Mounts are the files the kubelet projected into the container
	// (ConfigMap, Secret and ServiceAccount token volumes).
	Mounts []Mount
	// Ports are the container's declared ports.
	Ports []int32
}

// EnvVar is one environment variable.
type EnvVar struct{ Name, Value string }

// Mount is a directory of files mounted into a container, or one file (a
// subPath mount) whose content is under the name "". Files is the
// directory itself, not a copy: the kubelet may rewrite it while the
// container runs (a remounted ConfigMap or Secret volume), and the
// container reads the new files.
type Mount struct {
	Path  string
	Files map[string]string // file name → content
}

// ContainerStatus is what ContainerStatus and ListContainers report.
type ContainerStatus struct {
	ID, SandboxID string
	PodUID        string
	Name          string
	Attempt       int
	// Image is the normalized reference ("docker.io/library/web:v1");
	// ImageRef the digested one the kubelet shows as imageID.
	Image, ImageRef string
	State           ContainerState
	CreatedAt       sim.Time
	StartedAt       sim.Time // zero until it runs
	FinishedAt      sim.Time // zero until it exits
	ExitCode        int
	Reason, Message string
}
