// Package runtime is the container runtime of one Node: the CRI surface its
// kubelet calls, the sandboxes and containers it keeps, the images it has
// pulled, and the container logs it writes. It is node-local by
// construction: it never talks to the API server, and nothing outside its
// Node calls it except through the kubelet (logs and exec served to the API
// server) and the data plane (HTTP to a Pod IP).
//
// The model follows containerd's CRI plugin as a kubelet sees it
// (k8s.io/cri-api/pkg/apis/runtime/v1/api.proto):
//
//   - RunPodSandbox creates the Pod's sandbox and, inside the call, sets up
//     its network with the node's CNI plugin (containerd
//     internal/cri/server/sandbox_run.go, setupPodNetwork): a CNI.Setup
//     event by the runtime, host-local IPAM from the node's pod CIDR, and
//     the Pod IP registered with the cluster's data plane.
//   - PullImage, StartContainer and StopContainer take time; they answer
//     through a callback on the event loop. Every other call answers at
//     once.
//   - A container's behaviour comes from its image (Image, Catalogue): how
//     long it takes to pull and start, when it starts listening (and so
//     passes probes), whether and when it exits, what it logs, what it
//     answers on HTTP.
//   - Container states are created, running and exited; an exited container
//     has an exit code and the reason containerd gives it: Completed for 0,
//     Error otherwise, OOMKilled when the kernel killed it
//     (internal/cri/server/container_status.go).
//   - StopContainer sends SIGTERM, then SIGKILL when the timeout runs out
//     (exit code 137) (internal/cri/server/container_stop.go).
//
// Every CRI call the kubelet makes is recorded in the trace as a node-local
// event from "kubelet/NODE" to "runtime/NODE" (CRI.RunPodSandbox,
// CRI.PullImage, …); the network set-up and tear-down inside the sandbox
// calls are recorded as CNI.Setup and CNI.Teardown by "runtime/NODE". Reads
// (ContainerStatus, ListContainers, ContainerLogs, ExecSync) are not
// traced: the kubelet traces what it does with them.
//
// State changes reach the kubelet the way PLEG sees them: Relist returns
// the Pods whose sandboxes or containers changed since the previous relist,
// and the listener set with SetListener is told when the first change
// after a relist happens, so that the kubelet can relist on its next tick
// (pkg/kubelet/pleg/generic.go relists every second) instead of polling an
// idle node.
//
// Faults: Crash makes a running container exit, Kill powers the node off
// (containers, sandboxes and every pending call vanish; the node's Pod IPs
// leave the network), Restart powers it on again with only what a reboot
// keeps on disk: pulled images and container log files.
//
// Simplifications, each named where it is made: sandbox creation, container
// creation and removal are instantaneous; a pull of an image already on
// the node completes at once; the IP allocator forgets its leases on
// reboot.
package runtime
