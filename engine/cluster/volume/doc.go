// Package volume is what the PV controller and the scheduler's
// VolumeBinding plugin both ask of volumes and claims, as
// k8s.io/component-helpers/storage/volume answers it for both in
// Kubernetes: whether a volume is bound to a claim, whether it may be
// used from a node, and which volume a claim should take.
package volume
