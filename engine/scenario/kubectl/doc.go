// Package kubectl prints API objects as kubectl v1.37 prints them, from
// the engine's state rather than from an API server: the tables of `kubectl
// get` (workloads, nodes, namespaces, configuration, services and
// ingresses, RBAC bindings, storage, autoscalers, events and more, each
// as printers.go prints it; `-o wide` adds the priority-1 columns; custom
// resources with their CRD's printer columns, [CustomTable]; any other
// kind the API server serves with its default table, [TableFor]),
// `kubectl describe` of pods, nodes, workloads, services and policies,
// and `-o yaml`. It also prints the commands
// that describe the cluster from discovery documents and the client's
// configuration: `kubectl api-versions` ([APIVersions]), `kubectl
// api-resources` ([APIResources]), `kubectl cluster-info`
// ([ClusterInfo]) and `kubectl config view` and `current-context`
// ([Kubeconfig]).
//
// Columns, cell formats and status words follow kubectl's printers
// (k8s.io/kubernetes/pkg/printers/internalversion/printers.go), table
// layout its tab writer (k8s.io/cli-runtime/pkg/printers/tabwriter.go),
// and the describe output k8s.io/kubectl/pkg/describe/describe.go. Ages
// are measured against a virtual instant, never the wall clock, and use
// apimachinery's HumanDuration, so an output is the same on every run.
//
// [Run] reads a command as a lesson writes it ("get pod demo/web-b -o
// wide", "describe node worker-b") and prints it from a [Source] of
// objects. A `NAMESPACE/NAME` argument is this package's shorthand for
// `-n NAMESPACE NAME`.
//
// # Simplifications
//
// describe prints the sections the engine models: volumes, environment
// and mounts of containers are left out, as are a Node's lease and
// resource slices. A Pod's events are matched to it by namespace, name
// and UID, as kubectl's field selector does.
package kubectl
