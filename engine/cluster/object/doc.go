// Package object holds the API objects of the coordination model and the
// registry of kinds that gives them meaning.
//
// An [Object] is what Kubernetes' apimachinery calls an unstructured object:
// apiVersion, kind, typed metadata ([Meta]) and everything else as a tree of
// JSON-like values (map[string]any, []any, string, int64, float64, bool and
// nil). The tree is the single source of truth; typed views ([PodView],
// [NodeView], …) are small structs decoded from it for the actors that
// reason about a kind.
//
// A [Registry] describes kinds: group, version, resource names, short names,
// scope, subresources, defaulting, validation and the generation policy.
// Every engine run builds its own with [NewBuiltinRegistry]; CRDs add kinds
// at run time through [Registry.RegisterCRD]. Nothing in this package is
// global or mutable across runs.
//
// Defaults, validation messages and error formats follow Kubernetes v1.37;
// each value taken from Kubernetes names the source file beside it.
// Field paths use one grammar everywhere ([ParsePath]):
//
//	.spec.replicas
//	.status.conditions[type=Ready].status
//	.metadata.annotations["deployment.kubernetes.io/revision"]
//	spec.containers[0].resources.requests[cpu]
package object
